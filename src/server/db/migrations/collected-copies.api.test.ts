import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import { createDemoCollectors } from '../../features/demo-data/demo-collectors.ts';
import { countCollectedCopies } from '../../features/sourcing/sourcing.repository.ts';
import { migrateToLatest } from '../migrate.ts';
import type { Database } from '../schema.ts';

/** Every card's copies on Collected lists, counted row by row: what the kept totals must equal. */
async function countedRowByRow(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('collection_items')
    .select(['set_id', 'card_name', (eb) => eb.fn.countAll<number>().as('copies')])
    .where('list', '=', 'collected')
    .groupBy(['set_id', 'card_name'])
    .execute();
  return rows.map((row) => ({ setId: row.set_id, cardName: row.card_name, copies: Number(row.copies) }));
}

async function keptTotals(db: Kysely<Database>, cards: { setId: string; cardName: string }[]) {
  return Promise.all(
    cards.map(async (card) => ({
      ...card,
      copies: await countCollectedCopies(db, card.setId as 'base_set', card.cardName),
    })),
  );
}

describe('migration 009: collected copies', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ upTo: '003-collector-search' });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('counts the collections already there, then keeps counting as cards are added', async () => {
    const { handle } = database;
    await createDemoCollectors(handle, { collectors: 200, items: 3000, seed: 3 });
    await migrateToLatest(handle);
    const existing = await countedRowByRow(handle.db);
    expect(existing.length).toBeGreaterThan(50);
    expect(await keptTotals(handle.db, existing)).toEqual(existing);

    await createDemoCollectors(handle, { collectors: 100, items: 2000, seed: 4 });
    const grown = await countedRowByRow(handle.db);
    expect(grown).not.toEqual(existing);
    expect(await keptTotals(handle.db, grown)).toEqual(grown);
  });
});
