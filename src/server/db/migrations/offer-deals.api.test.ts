import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import { createDemoCollectors } from '../../features/demo-data/demo-collectors.ts';
import { migrateToLatest } from '../migrate.ts';

describe('migration 029: offer deals', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ upTo: '028-psa-populations' });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('makes accepted offers agreed deals, one per card: the newest stays agreed, the others are cancelled', async () => {
    const { handle } = database;
    await createDemoCollectors(handle, { collectors: 4, items: 6, seed: 7 });
    const { rows: items } = await sql<{ id: string; user_id: string }>`
      select id, user_id from collection_items where list = 'collected' order by id`.execute(handle.db);
    const [shared, single] = [items[0]!, items.find((item) => item.user_id !== items[0]!.user_id)!];
    const { rows: users } = await sql<{ id: string }>`select id from users order by id`.execute(handle.db);
    const offer = async (id: string, item: { id: string; user_id: string }, status: string, at: string) => {
      const buyer = users.find((user) => user.id !== item.user_id)!;
      await sql`
        insert into offers
          (id, item_id, from_user, to_user, amount_cents, message, status, awaiting, last_round_at, created_at,
           updated_at)
        values (${id}, ${item.id}, ${buyer.id}, ${item.user_id}, 1000, null, ${status}, null, ${at}, ${at}, ${at})
      `.execute(handle.db);
    };
    await offer('older', shared, 'accepted', '2026-11-01T10:00:00.000Z');
    await offer('newer', shared, 'accepted', '2026-11-03T10:00:00.000Z');
    await offer('alone', single, 'accepted', '2026-11-02T10:00:00.000Z');
    await offer('declined', single, 'declined', '2026-11-02T11:00:00.000Z');

    await migrateToLatest(handle);

    const deals = await handle.db
      .selectFrom('offer_deals')
      .select([
        'offer_id',
        'item_id',
        'status',
        'cancelled_by',
        'cancel_reason',
        'buyer_done_at',
        'owner_done_at',
      ])
      .orderBy('offer_id')
      .execute();
    expect(deals).toEqual([
      {
        offer_id: 'alone',
        item_id: single.id,
        status: 'agreed',
        cancelled_by: null,
        cancel_reason: null,
        buyer_done_at: null,
        owner_done_at: null,
      },
      {
        offer_id: 'newer',
        item_id: shared.id,
        status: 'agreed',
        cancelled_by: null,
        cancel_reason: null,
        buyer_done_at: null,
        owner_done_at: null,
      },
      {
        offer_id: 'older',
        item_id: shared.id,
        status: 'cancelled',
        cancelled_by: 'owner',
        cancel_reason: 'Another offer on this card was accepted.',
        buyer_done_at: null,
        owner_done_at: null,
      },
    ]);
    const parted = await handle.db
      .selectFrom('collection_items')
      .select('id')
      .where('parted_at', 'is not', null)
      .execute();
    expect(parted).toEqual([]);
  });
});
