import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSales as insertSaleRows, saleRow } from '../../../../tests/helpers/sales-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import { writeSingleChange } from '../../sales/write/single-change.ts';
import { migrateToLatest } from '../migrate.ts';

describe('migration 011: watches and notifications', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ upTo: '009-collected-copies' });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('joins a database with sales, makes the unsubscribe key, and stores each new batch’s alert work', async () => {
    const flag = database.handle.dialect === 'postgres' ? false : 0;
    await insertSaleRows(database.handle, [{ source_ref: 'before-011', excluded: flag }]);
    await migrateToLatest(database.handle);
    const db = database.handle.db;

    const keys = await db.selectFrom('app_secrets').select(['name', 'value']).execute();
    expect(keys.map((key) => key.name).sort()).toEqual(['device-cookie-key', 'unsubscribe-key']);
    expect(keys.find((key) => key.name === 'unsubscribe-key')?.value).toMatch(/^[\w-]{43}$/);
    // Sales stored before the migration are not news: nothing waits in the outbox for them.
    expect(await db.selectFrom('notification_outbox').selectAll().execute()).toEqual([]);

    const { id: _id, created_at: _created, ...record } = saleRow({ source_ref: 'after-011', excluded: flag });
    expect(
      await writeSingleChange(database.handle, [record, { ...record, source_ref: 'after-011-b' }]),
    ).toEqual({
      inserted: 2,
      duplicates: 0,
    });
    const outbox = await db.selectFrom('notification_outbox').select(['kind', 'payload']).execute();
    expect(outbox).toHaveLength(1);
    const { from, to } = JSON.parse(outbox[0]!.payload) as { from: string; to: string };
    const stored = await db
      .selectFrom('sales')
      .select('source_ref')
      .where('id', '>=', from)
      .where('id', '<=', to)
      .orderBy('source_ref')
      .execute();
    expect(stored.map((row) => row.source_ref)).toEqual(['after-011', 'after-011-b']);
    // A batch of nothing new leaves no work.
    await writeSingleChange(database.handle, [record]);
    expect(await db.selectFrom('notification_outbox').selectAll().execute()).toHaveLength(1);
  });
});
