import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SalesWriter } from '#server/sales/write/sales-writer.repository.ts';
import { saleRow } from '../../../../tests/helpers/sales-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import type { SaleRecord } from '../sale-record.ts';
import { writeSingleChange } from './single-change.ts';

function record(partial: Parameters<typeof saleRow>[0]): SaleRecord {
  const { id: _id, created_at: _createdAt, ...rest } = saleRow(partial);
  return rest;
}

describe('storing sales', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    await database.drop();
  });

  const stored = () =>
    database.handle.db
      .selectFrom('sales')
      .select(['source_ref', 'seller', 'seller_rating', 'grade', 'excluded'])
      .orderBy('source_ref')
      .execute();

  /** Deletes a stored sale as an admin does: into the archive of deleted sales, out of `sales`. */
  const archive = (sourceRef: string) =>
    database.handle.db.transaction().execute(async (trx) => {
      const sale = await trx
        .selectFrom('sales')
        .selectAll()
        .where('source_ref', '=', sourceRef)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('deleted_sales')
        .values({ ...sale, deleted_at: new Date().toISOString(), deleted_by: 'admin' })
        .execute();
      await trx.deleteFrom('sales').where('source_ref', '=', sourceRef).execute();
    });

  it('keeps text with backslashes, tabs and line breaks, missing values and the defaults exactly', async () => {
    const result = await writeSingleChange(database.handle, [
      record({ source_ref: 'a', seller: 'back\\slash\ttab\nline\r\\N', seller_rating: 98.5, grade: 9.5 }),
      record({ source_ref: 'b', seller: 'plain', seller_rating: null, grading_company: null, grade: null }),
    ]);
    expect(result).toEqual({ inserted: 2, duplicates: 0 });
    const rows = await stored();
    expect(rows.map(({ excluded, ...row }) => ({ ...row, excluded: Boolean(excluded) }))).toEqual([
      {
        source_ref: 'a',
        seller: 'back\\slash\ttab\nline\r\\N',
        seller_rating: 98.5,
        grade: 9.5,
        excluded: false,
      },
      { source_ref: 'b', seller: 'plain', seller_rating: null, grade: null, excluded: false },
    ]);
  });

  it('keeps accents, symbols beyond two bytes and values far longer than a row usually is', async () => {
    const long = `Pokémon ${'é✨'.repeat(150_000)} end`;
    await writeSingleChange(database.handle, [
      record({ source_ref: 'a', seller: 'Nidoran♀ café 🔥' }),
      record({ source_ref: 'b', seller: long }),
      record({ source_ref: 'c', seller: 'after the long one' }),
    ]);
    const rows = await stored();
    expect(rows.map((row) => row.seller)).toEqual(['Nidoran♀ café 🔥', long, 'after the long one']);
  });

  it('skips stored, archived and repeated source references', async () => {
    await writeSingleChange(database.handle, [
      record({ source_ref: 'kept' }),
      record({ source_ref: 'gone' }),
    ]);
    await archive('gone');
    const writer = new SalesWriter(database.handle);
    const result = await writer.write([
      record({ source_ref: 'kept' }),
      record({ source_ref: 'gone' }),
      record({ source_ref: 'new' }),
      record({ source_ref: 'new' }),
    ]);
    await writer.close();
    expect(result).toEqual({ inserted: 1, duplicates: 3 });
    expect((await stored()).map((row) => row.source_ref)).toEqual(['kept', 'new']);
  });

  it('stores the new rows of a batch among rows stored before, and those of every later batch', async () => {
    await writeSingleChange(database.handle, [record({ source_ref: 'a' }), record({ source_ref: 'gone' })]);
    await archive('gone');
    const writer = new SalesWriter(database.handle);
    // New rows only, with an archive that holds none of them; then rows among a stored one; then new rows again.
    const results = [
      await writer.write([record({ source_ref: 'b' }), record({ source_ref: 'c' })]),
      await writer.write([
        record({ source_ref: 'a' }),
        record({ source_ref: 'd' }),
        record({ source_ref: 'e' }),
      ]),
      await writer.write([record({ source_ref: 'f' })]),
      await writer.write([record({ source_ref: 'b' }), record({ source_ref: 'gone' })]),
    ];
    await writer.close();
    expect(results).toEqual([
      { inserted: 2, duplicates: 0 },
      { inserted: 2, duplicates: 1 },
      { inserted: 1, duplicates: 0 },
      { inserted: 0, duplicates: 2 },
    ]);
    expect((await stored()).map((row) => row.source_ref)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('stores each source reference once when two writers store overlapping batches at the same time', async () => {
    const first = new SalesWriter(database.handle);
    const second = new SalesWriter(database.handle);
    const refs = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, index) => record({ source_ref: `shared-${from + index}` }));
    // The first writer holds its transaction open while the second one starts on the same references.
    await first.write(refs(0, 60));
    const secondWrites = second.write(refs(30, 90));
    await first.commit(async () => {});
    const secondResult = await secondWrites;
    await second.commit(async () => {});
    await Promise.all([first.close(), second.close()]);
    expect(secondResult).toEqual({ inserted: 30, duplicates: 30 });
    const refsStored = (await stored()).map((row) => row.source_ref);
    expect(refsStored).toHaveLength(90);
    expect(new Set(refsStored).size).toBe(90);
  });

  it('writes the rows in the batch transaction, with what the caller adds to it, or not at all', async () => {
    const writer = new SalesWriter(database.handle);
    await writer.write([record({ source_ref: 'rolled-back' })]);
    await writer.abort();
    expect(await stored()).toEqual([]);

    const committing = new SalesWriter(database.handle);
    await committing.write([record({ source_ref: 'committed' })]);
    await committing.commit(async (transaction) => {
      const inTransaction = await transaction.selectFrom('sales').select('source_ref').execute();
      expect(inTransaction).toEqual([{ source_ref: 'committed' }]);
    });
    await committing.close();
    expect((await stored()).map((row) => row.source_ref)).toEqual(['committed']);
  });
});
