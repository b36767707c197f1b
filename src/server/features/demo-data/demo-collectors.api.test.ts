import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCardById } from '#shared/catalogue.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import { createDemoCollectors, type DemoCollectorsResult } from './demo-collectors.ts';

const OPTIONS = { collectors: 120, items: 2500, seed: 3, now: new Date('2026-06-01T00:00:00.000Z') };

describe('createDemoCollectors', () => {
  const t = useTestApp();
  let result: DemoCollectorsResult;
  let twin: TestDatabase;

  beforeAll(async () => {
    result = await createDemoCollectors(t.database.handle, OPTIONS);
    twin = await createTestDatabase();
    await createDemoCollectors(twin.handle, OPTIONS);
  });
  afterAll(async () => {
    await twin?.drop();
  });

  const rowsOf = (database: TestDatabase['handle']) =>
    database.db.selectFrom('collection_items').selectAll().orderBy('id').execute();

  it('writes the asked numbers of collectors and cards', async () => {
    const db = t.database.handle.db;
    const users = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(users?.n)).toBe(OPTIONS.collectors);
    expect(await rowsOf(t.database.handle)).toHaveLength(OPTIONS.items);
    expect(result).toMatchObject({ collectors: OPTIONS.collectors, items: OPTIONS.items });
  });

  it('writes catalogue cards with ids of the documented form and catalogue values', async () => {
    for (const row of await rowsOf(t.database.handle)) {
      const card = findCardById(row.card_id);
      expect(card).toBeDefined();
      expect(row).toMatchObject({
        set_id: card!.setId,
        card_name: card!.searchName,
        card_number: card!.number,
      });
      expect(row.id).toBe(
        `${row.set_id.replace('_set', '')}_${card!.number.split('/')[0]}_${Date.parse(row.added_at)}`,
      );
      expect(row.added_at < OPTIONS.now.toISOString()).toBe(true);
      if (row.grade !== null) expect(row.grade).toSatisfy((grade: number) => grade >= 1 && grade <= 10);
      expect([null, 'PSA', 'BGS', 'CGC']).toContain(row.grading_company);
      expect([null, '1st Edition', 'Shadowless', 'Unlimited']).toContain(row.variant);
      if (row.list === 'wtb') expect([row.cert_number, Boolean(row.accepting_offers)]).toEqual([null, false]);
    }
  });

  it('names the most-held card, and Source finds exactly that many copies of it', async () => {
    const counts = await t.database.handle.db
      .selectFrom('collection_items')
      .select(['set_id', 'card_name', (eb) => eb.fn.countAll<number>().as('n')])
      .where('list', '=', 'collected')
      .groupBy(['set_id', 'card_name'])
      .execute();
    const highest = Math.max(...counts.map((row) => Number(row.n)));
    expect(result.mostHeld.copies).toBe(highest);
    const response = await t.app.inject(
      `/api/collectors?set=${result.mostHeld.setId}&card=${encodeURIComponent(result.mostHeld.cardName)}`,
    );
    expect(response.json().total).toBe(highest);
  });

  it('is deterministic for a seed, and running it again adds nothing', async () => {
    const first = await rowsOf(t.database.handle);
    expect(await rowsOf(twin.handle)).toEqual(first);
    await createDemoCollectors(t.database.handle, OPTIONS);
    expect(await rowsOf(t.database.handle)).toEqual(first);
  });
});
