import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saleRow } from '../../../../tests/helpers/sales-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import { migrateToLatest } from '../migrate.ts';

describe('migration 014: a change-log entry per card', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ upTo: '013-alert-email-delivery' });
    // Stored under migration 012's log, which wrote an entry per sale.
    await database.handle.db
      .insertInto('sales')
      .values([
        saleRow({ source_ref: 'old-1', price_cents: 100 }),
        saleRow({ source_ref: 'old-2', price_cents: 200 }),
      ])
      .execute();
  });
  afterAll(() => database?.drop());

  const entries = async () => {
    const { rows } = await sql<{
      seq: number;
      set_id: string | null;
      card_name: string | null;
      change: number;
      sales: string | null;
    }>`select seq, set_id, card_name, change, sales from sales_changes order by seq`.execute(
      database.handle.db,
    );
    return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
  };

  it('replaces the entries logged before by one for every card, numbered after them', async () => {
    const { rows } = await sql<{ seq: number }>`select max(seq) as seq from sales_changes`.execute(
      database.handle.db,
    );
    const lastBefore = Number(rows[0]!.seq);
    expect(lastBefore).toBe(2);
    await migrateToLatest(database.handle);
    expect(await entries()).toEqual([
      { seq: lastBefore + 1, set_id: null, card_name: null, change: 0, sales: null },
    ]);
  });

  it("logs the card's sales of a change after it, what was taken away before what was added", async () => {
    await database.handle.db.updateTable('sales').set({ price_cents: sql`price_cents + 1` }).execute();
    const logged = (await entries()).slice(1);
    expect(logged.every((entry) => entry.set_id === 'base_set' && entry.card_name === 'Charizard')).toBe(
      true,
    );
    const pricesOf = (entry: (typeof logged)[number]) =>
      (JSON.parse(entry.sales!) as number[][]).map(([price]) => price!);
    const prices = (change: number) =>
      logged
        .filter((entry) => entry.change === change)
        .flatMap(pricesOf)
        .sort((a, b) => a - b);
    expect(prices(-1)).toEqual([100, 200]);
    expect(prices(1)).toEqual([101, 201]);
    const seqOf = (change: number, price: number) =>
      logged.find((entry) => entry.change === change && pricesOf(entry).includes(price))!.seq;
    expect(seqOf(-1, 100)).toBeLessThan(seqOf(1, 101));
    expect(seqOf(-1, 200)).toBeLessThan(seqOf(1, 201));
  });
});
