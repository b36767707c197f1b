import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import { createDemoCollectors } from '../../features/demo-data/demo-collectors.ts';
import { migrateToLatest } from '../migrate.ts';

describe('migration 026: offer rounds', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ upTo: '025-session-devices' });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('gives every existing offer its first round, and an open one its owner to answer', async () => {
    const { handle } = database;
    await createDemoCollectors(handle, { collectors: 3, items: 6, seed: 5 });
    const { rows: items } = await sql<{ id: string; user_id: string }>`
      select id, user_id from collection_items where list = 'collected' order by id`.execute(handle.db);
    const { rows: users } = await sql<{ id: string }>`select id from users order by id`.execute(handle.db);
    const item = items[0]!;
    const buyers = users.filter((user) => user.id !== item.user_id);
    const made = '2026-11-01T10:00:00.000Z';
    const offers = [
      { id: 'open-offer', status: 'open', amount: 125050, message: 'Would you take this?', from: buyers[0]! },
      { id: 'accepted-offer', status: 'accepted', amount: 9900, message: null, from: buyers[1]! },
    ];
    for (const offer of offers) {
      await sql`
        insert into offers (id, item_id, from_user, to_user, amount_cents, message, status, created_at, updated_at)
        values (${offer.id}, ${item.id}, ${offer.from.id}, ${item.user_id}, ${offer.amount}, ${offer.message},
          ${offer.status}, ${made}, ${'2026-11-02T10:00:00.000Z'})`.execute(handle.db);
    }

    await migrateToLatest(handle);

    const migrated = await handle.db
      .selectFrom('offers')
      .select(['id', 'status', 'awaiting', 'last_round_at', 'amount_cents', 'message', 'updated_at'])
      .orderBy('id')
      .execute();
    expect(migrated).toEqual([
      {
        id: 'accepted-offer',
        status: 'accepted',
        awaiting: null,
        last_round_at: made,
        amount_cents: 9900,
        message: null,
        updated_at: '2026-11-02T10:00:00.000Z',
      },
      {
        id: 'open-offer',
        status: 'open',
        awaiting: 'owner',
        last_round_at: made,
        amount_cents: 125050,
        message: 'Would you take this?',
        updated_at: '2026-11-02T10:00:00.000Z',
      },
    ]);
    const rounds = await handle.db
      .selectFrom('offer_rounds')
      .select(['offer_id', 'seq', 'party', 'amount_cents', 'message', 'created_at'])
      .orderBy('offer_id')
      .execute();
    expect(rounds).toEqual([
      {
        offer_id: 'accepted-offer',
        seq: 1,
        party: 'buyer',
        amount_cents: 9900,
        message: null,
        created_at: made,
      },
      {
        offer_id: 'open-offer',
        seq: 1,
        party: 'buyer',
        amount_cents: 125050,
        message: 'Would you take this?',
        created_at: made,
      },
    ]);
    // The one-open-offer rule still holds on the rebuilt table.
    await expect(
      sql`
        insert into offers (id, item_id, from_user, to_user, amount_cents, status, awaiting, last_round_at,
          created_at, updated_at)
        values ('second', ${item.id}, ${buyers[0]!.id}, ${item.user_id}, 100, 'open', 'owner', ${made},
          ${made}, ${made})`.execute(handle.db),
    ).rejects.toThrow();
  });
});
