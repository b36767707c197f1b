import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import { addItem } from '../../../../tests/helpers/collection-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import type { CollectionItemsTable } from '../../db/schema.ts';

/**
 * The total a Source search shows is kept by the database as collections change (migration 009), so it is
 * checked here after every kind of write that can change it, including writes no route makes today: each
 * card's total must stay the number of copies the search lists.
 */
describe('the Source total as collections change', () => {
  const t = useTestApp();
  const listed = async (card: string) => {
    const response = await t.app.inject(`/api/collectors?set=base_set&card=${card}&pageSize=100`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(body.collectors.length);
    return body.total as number;
  };
  const totals = async () => ({
    Charizard: await listed('Charizard'),
    Blastoise: await listed('Blastoise'),
    Venusaur: await listed('Venusaur'),
  });
  const rawItem = (id: string, userId: string, name: string, list: 'collected' | 'wtb') => {
    const row: CollectionItemsTable = {
      id,
      user_id: userId,
      list,
      set_id: 'base_set',
      card_id: name === 'Venusaur' ? 'base_set-15' : 'base_set-4',
      card_name: name,
      card_number: name === 'Venusaur' ? '15/102' : '4/102',
      grade: 9,
      grading_company: 'PSA',
      cert_number: null,
      variant: '1st Edition',
      accepting_offers: t.database.handle.dialect === 'postgres' ? false : 0,
      added_at: new Date().toISOString(),
    };
    return row;
  };

  let ash: TestUser;
  let gary: TestUser;

  beforeAll(async () => {
    ash = await registerUser(t.app);
    gary = await registerUser(t.app);
  });

  it('counts copies added and removed through the API, and only Collected ones', async () => {
    const first = await addItem(t.app, ash);
    await addItem(t.app, ash, { grade: 10 });
    await addItem(t.app, gary, { grade: 7 });
    await addItem(t.app, gary, { list: 'wtb', certNumber: null, acceptingOffers: false });
    await addItem(t.app, gary, { cardName: 'Blastoise', cardNumber: '2/102' });
    expect(await totals()).toEqual({ Charizard: 3, Blastoise: 1, Venusaur: 0 });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/me/collection/${first.id}`,
      headers: { cookie: ash.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect(await totals()).toEqual({ Charizard: 2, Blastoise: 1, Venusaur: 0 });
  });

  it('follows a copy moved between lists or to another card', async () => {
    const db = t.database.handle.db;
    const garys = (list: 'collected' | 'wtb', card: string) =>
      db
        .selectFrom('collection_items')
        .select('id')
        .where('user_id', '=', gary.user.id)
        .where('list', '=', list)
        .where('card_name', '=', card)
        .executeTakeFirstOrThrow();
    const collected = await garys('collected', 'Charizard');
    const wanted = await garys('wtb', 'Charizard');

    await db.updateTable('collection_items').set({ list: 'wtb' }).where('id', '=', collected.id).execute();
    expect(await totals()).toEqual({ Charizard: 1, Blastoise: 1, Venusaur: 0 });
    await db
      .updateTable('collection_items')
      .set({ list: 'collected' })
      .where('user_id', '=', gary.user.id)
      .execute();
    expect(await totals()).toEqual({ Charizard: 3, Blastoise: 1, Venusaur: 0 });
    await db
      .updateTable('collection_items')
      .set({ card_name: 'Blastoise', card_number: '2/102', card_id: 'base_set-2' })
      .where('id', '=', wanted.id)
      .execute();
    expect(await totals()).toEqual({ Charizard: 2, Blastoise: 2, Venusaur: 0 });
    await db.updateTable('collection_items').set({ grade: 8 }).where('user_id', '=', gary.user.id).execute();
    expect(await totals()).toEqual({ Charizard: 2, Blastoise: 2, Venusaur: 0 });
  });

  it('counts every row of a statement that writes several cards and lists at once', async () => {
    const id = ash.user.id;
    await t.database.handle.db
      .insertInto('collection_items')
      .values([
        rawItem('base_15_1', id, 'Venusaur', 'collected'),
        rawItem('base_15_2', id, 'Venusaur', 'collected'),
        rawItem('base_15_3', id, 'Venusaur', 'wtb'),
        rawItem('base_4_1', id, 'Charizard', 'collected'),
      ])
      .execute();
    expect(await totals()).toEqual({ Charizard: 3, Blastoise: 2, Venusaur: 2 });
  });

  it("drops a collector's copies when their account goes", async () => {
    await t.database.handle.db.deleteFrom('users').where('id', '=', gary.user.id).execute();
    expect(await totals()).toEqual({ Charizard: 2, Blastoise: 0, Venusaur: 2 });
  });
});
