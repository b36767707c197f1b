import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SQLITE_CACHE_KIB, sqliteFile } from '#server/db/connect.ts';
import { saleRow } from '../../../../tests/helpers/sales-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import type { SaleRecord } from '../sale-record.ts';
import { ROWS_PER_TRANSACTION } from './sales-write.repository.ts';
import { SalesWriter } from './sales-writer.repository.ts';

function records(count: number, from = 0): SaleRecord[] {
  return Array.from({ length: count }, (_, index) => {
    // Each its own seller: identical sales would all be flagged as duplicates, which is not what this tests.
    const {
      id: _id,
      created_at: _createdAt,
      ...record
    } = saleRow({
      source_ref: `writer:${from + index}`,
      seller: `seller_${from + index}`,
    });
    return record;
  });
}

// Two of these write a whole transaction of ROWS_PER_TRANSACTION rows to a database file, which takes
// about five seconds on a slow two-core machine: more than a unit test's default time.
describe('SalesWriter (SQLite)', { timeout: 30_000 }, () => {
  let database: TestDatabase;
  let reader: SQLite.Database;
  const committed = () => reader.prepare('select count(*) from sales').pluck().get();
  const cacheKib = () => -Number(database.handle.sqlite!.pragma('cache_size', { simple: true }));

  beforeEach(async () => {
    database = await createTestDatabase();
    reader = new SQLite(sqliteFile(database.dataDir), { readonly: true });
  });

  afterEach(async () => {
    reader.close();
    await database.drop();
  });

  it('commits every ROWS_PER_TRANSACTION rows as they are written, and the rest on close', async () => {
    const writer = new SalesWriter(database.handle);
    expect(await writer.write(records(ROWS_PER_TRANSACTION - 10))).toEqual({
      inserted: ROWS_PER_TRANSACTION - 10,
      duplicates: 0,
    });
    expect(committed()).toBe(0);
    await writer.write(records(30, ROWS_PER_TRANSACTION - 10));
    expect(committed()).toBe(ROWS_PER_TRANSACTION);
    await writer.close();
    expect(committed()).toBe(ROWS_PER_TRANSACTION + 20);
  });

  it('counts a repeated or stored source reference as a duplicate', async () => {
    const writer = new SalesWriter(database.handle);
    await writer.write(records(5));
    expect(await writer.write([...records(3, 4), ...records(1, 6)])).toEqual({ inserted: 2, duplicates: 2 });
    await writer.close();
    expect(committed()).toBe(7);
  });

  it('rolls back only the open transaction on abort', async () => {
    const writer = new SalesWriter(database.handle);
    await writer.write(records(ROWS_PER_TRANSACTION + 5));
    await writer.abort();
    expect(committed()).toBe(ROWS_PER_TRANSACTION);
  });

  it('gives the page cache back when it closes or aborts', async () => {
    expect(cacheKib()).toBe(SQLITE_CACHE_KIB);
    const closing = new SalesWriter(database.handle);
    expect(cacheKib()).toBeGreaterThan(SQLITE_CACHE_KIB);
    await closing.write(records(2));
    await closing.close();
    expect(cacheKib()).toBe(SQLITE_CACHE_KIB);

    const aborting = new SalesWriter(database.handle);
    await aborting.write(records(2, 10));
    await aborting.abort();
    expect(cacheKib()).toBe(SQLITE_CACHE_KIB);
  });

  it("leaves its commits' log to the checkpoint thread until it ends, once however it ends", async () => {
    const autoCheckpoint = () => database.handle.sqlite!.pragma('wal_autocheckpoint', { simple: true });
    const closing = new SalesWriter(database.handle);
    const aborting = new SalesWriter(database.handle);
    await closing.write(records(2));
    await closing.close();
    expect(autoCheckpoint()).toBe(0);

    await aborting.abort();
    await closing.abort();
    await database.handle.checkpoints!.idle();
    expect(database.handle.checkpoints!.completed).toBe(1);
    expect(autoCheckpoint()).toBe(1000);
    expect(committed()).toBe(2);
  });
});
