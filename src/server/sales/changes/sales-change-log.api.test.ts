import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SalesWriter } from '#server/sales/write/sales-writer.repository.ts';
import { insertSales, saleRow } from '../../../../tests/helpers/sales-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import { cardsChangesSince } from '../columns/card-sales.repository.ts';
import { pruneSalesChanges, SALES_CHANGES_RETENTION_MS } from './sales-change-log.ts';

describe('the sales change log', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  /** The log's entries, each with the prices of its sales in ascending order. */
  const entries = async () => {
    const rows = await database.handle.db
      .selectFrom('sales_changes')
      .select(['seq', 'card_name', 'change', 'sales'])
      .orderBy('seq')
      .execute();
    return rows.map(({ sales, ...row }) => ({
      ...row,
      prices: (JSON.parse(sales ?? '[]') as number[][]).map(([price]) => price!).sort((a, b) => a - b),
    }));
  };

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
    expect((await entries()).map(({ change, prices }) => [change, prices])).toEqual([
      [1, [1_000]],
      [-1, [1_000]],
      [1, [1_500]],
      [-1, [1_500]],
    ]);
  });

  it("logs each card's sales of a write once, in one entry, and every write after it", async () => {
    const record = (ref: string, price: number) => {
      const { id: _id, created_at: _at, ...rest } = saleRow({ source_ref: ref, price_cents: price });
      return rest;
    };
    const writer = new SalesWriter(database.handle);
    await writer.write([record('a', 10), record('b', 20)]);
    await writer.write([record('b', 20), record('c', 30)]);
    await writer.close();
    await insertSales(database.handle, [{ price_cents: 40 }, { card_name: 'Blastoise', price_cents: 50 }]);
    const logged = (await entries()).map(({ card_name, change, prices }) => [card_name, change, prices]);
    expect(logged.slice(0, 2)).toEqual([
      ['Charizard', 1, [10, 20]],
      ['Charizard', 1, [30]],
    ]);
    // An entry for each card of the last write, in no particular order.
    expect(logged.slice(2).sort()).toEqual([
      ['Blastoise', 1, [50]],
      ['Charizard', 1, [40]],
    ]);
  });

  it("answers several cards' looks at the log at once, each with its own entries after its own point", async () => {
    await insertSales(database.handle, [{ card_name: 'Charizard', price_cents: 100 }]);
    await insertSales(database.handle, [
      { card_name: 'Blastoise', price_cents: 200 },
      { card_name: 'Charizard', price_cents: 300 },
      { card_name: 'Charizard', price_cents: 400 },
    ]);
    const [first, ...second] = await entries();
    const seqOf = (cardName: string) => second.findLast((entry) => entry.card_name === cardName)!.seq;
    // The second write's entries: one per card on PostgreSQL, one per sale on SQLite, whose triggers are per row.
    const secondFrom = Math.min(...second.map((entry) => entry.seq));
    const last = Math.max(...second.map((entry) => entry.seq));
    const look = (cardName: string, seq: number, limit = 10, before = Number.MAX_SAFE_INTEGER) => ({
      setId: 'base_set',
      cardName,
      seq,
      limit,
      before,
    });
    const answers = await cardsChangesSince(database.handle.db, database.handle.dialect, [
      look('Charizard', first!.seq),
      look('Blastoise', 0),
      look('Venusaur', 0),
      look('Charizard', 0, 10, secondFrom),
      look('Charizard', 0, 2),
      look('Charizard', first!.seq, 2),
      look('Charizard', first!.seq, 1),
    ]);
    const prices = answers.map((answer) =>
      answer.changes.map((change) => change.price).sort((a, b) => a - b),
    );
    expect(prices).toEqual([[300, 400], [200], [], [100], [], [300, 400], []]);
    expect(answers.map((answer) => answer.seq)).toEqual([
      seqOf('Charizard'),
      seqOf('Blastoise'),
      0,
      first!.seq,
      seqOf('Charizard'),
      seqOf('Charizard'),
      seqOf('Charizard'),
    ]);
    // More changes than the limit, even in fewer entries than that: the card is read whole instead.
    expect(answers.map((answer) => answer.tooMany)).toEqual([false, false, false, false, true, false, true]);

    // An entry for every card sends every look after it to a whole read, and none before it.
    await database.handle.db.insertInto('sales_changes').values({ change: 0 }).execute();
    const afterEvery = await cardsChangesSince(database.handle.db, database.handle.dialect, [
      look('Blastoise', last),
      look('Charizard', 0, 10, secondFrom),
    ]);
    expect(afterEvery.map((answer) => answer.tooMany)).toEqual([true, false]);
  });

  it('forgets entries past the retention but always keeps the newest', async () => {
    for (const price of [1, 2, 3]) await insertSales(database.handle, [{ price_cents: price }]);
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
