import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SalesWriter } from '#server/features/sales-import/sales-import.repository.ts';
import { insertSales, saleRow } from '../../../tests/helpers/sales-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-database.ts';
import { cardsChangesSince } from './card-sales/card-sales.repository.ts';
import { pruneSalesChanges, SALES_CHANGES_RETENTION_MS } from './sales-change-log.ts';

describe('the sales change log', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  const entries = () =>
    database.handle.db
      .selectFrom('sales_changes')
      .select(['seq', 'change', 'price_cents'])
      .orderBy('seq')
      .execute();

  it('logs what an insert, an update and a delete did, in order', async () => {
    const [sale] = await insertSales(database.handle, [{ card_name: 'Charizard', price_cents: 1_000 }]);
    await database.handle.db
      .updateTable('sales')
      .set({ price_cents: 1_500 })
      .where('id', '=', sale!.id)
      .execute();
    // An update that changes nothing the analysis keeps is not logged.
    await database.handle.db
      .updateTable('sales')
      .set({ seller: 'someone' })
      .where('id', '=', sale!.id)
      .execute();
    await database.handle.db.deleteFrom('sales').where('id', '=', sale!.id).execute();
    expect((await entries()).map(({ change, price_cents }) => [change, price_cents])).toEqual([
      [1, 1_000],
      [-1, 1_000],
      [1, 1_500],
      [-1, 1_500],
    ]);
  });

  it('logs every sale an import batch stored, once, and every insert after it', async () => {
    const record = (ref: string, price: number) => {
      const { id: _id, created_at: _at, ...rest } = saleRow({ source_ref: ref, price_cents: price });
      return rest;
    };
    const writer = new SalesWriter(database.handle);
    await writer.write([record('a', 10), record('b', 20)]);
    await writer.write([record('b', 20), record('c', 30)]);
    await writer.close();
    await insertSales(database.handle, [{ price_cents: 40 }]);
    expect((await entries()).map(({ change, price_cents }) => [change, price_cents])).toEqual([
      [1, 10],
      [1, 20],
      [1, 30],
      [1, 40],
    ]);
  });

  it("answers several cards' looks at the log at once, each with its own entries after its own point", async () => {
    await insertSales(database.handle, [{ card_name: 'Charizard', price_cents: 100 }]);
    await insertSales(database.handle, [
      { card_name: 'Blastoise', price_cents: 200 },
      { card_name: 'Charizard', price_cents: 300 },
      { card_name: 'Charizard', price_cents: 400 },
    ]);
    const seqs = (await entries()).map((entry) => entry.seq);
    const look = (cardName: string, seq: number, limit = 10, before = Number.MAX_SAFE_INTEGER) => ({
      setId: 'base_set',
      cardName,
      seq,
      limit,
      before,
    });
    const answers = await cardsChangesSince(database.handle.db, database.handle.dialect, [
      look('Charizard', seqs[0]!),
      look('Blastoise', 0),
      look('Venusaur', 0),
      look('Charizard', 0, 10, seqs[3]!),
      look('Charizard', 0, 2),
    ]);
    const prices = answers.map((answer) => answer.changes.map((change) => change.price));
    expect(prices).toEqual([[300, 400], [200], [], [100, 300], []]);
    // A look with more entries than its limit reads one more than the limit, then stops.
    expect(answers.map((answer) => answer.seq)).toEqual([seqs[3], seqs[1], 0, seqs[2], seqs[3]]);
    expect(answers.map((answer) => answer.tooMany)).toEqual([false, false, false, false, true]);

    // An entry for every card sends every look after it to a whole read, and none before it.
    await database.handle.db.insertInto('sales_changes').values({ change: 0 }).execute();
    const afterEvery = await cardsChangesSince(database.handle.db, database.handle.dialect, [
      look('Blastoise', seqs[3]!),
      look('Charizard', 0, 10, seqs[3]!),
    ]);
    expect(afterEvery.map((answer) => answer.tooMany)).toEqual([true, false]);
  });

  it('forgets entries past the retention but always keeps the newest', async () => {
    await insertSales(database.handle, [{ price_cents: 1 }, { price_cents: 2 }, { price_cents: 3 }]);
    const now = Date.now();
    expect(await pruneSalesChanges(database.handle, now)).toBe(0);
    expect(await pruneSalesChanges(database.handle, now + SALES_CHANGES_RETENTION_MS + 60_000)).toBe(2);
    const left = await entries();
    expect(left).toHaveLength(1);
    await insertSales(database.handle, [{ price_cents: 4 }]);
    const [kept, next] = await entries();
    expect(next!.seq).toBeGreaterThan(kept!.seq);
  });
});
