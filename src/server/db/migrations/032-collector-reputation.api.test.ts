import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import { insertUser } from '../../features/accounts/accounts.repository.ts';
import { migrateToLatest } from '../migrate.ts';

const AT = '2026-11-01T12:00:00.000Z';
const PEOPLE = ['gary', 'lance', 'erika', 'koga'] as const;
type Person = (typeof PEOPLE)[number];

/** Deals as they stood before the migration: who bought from whom, and how it ended. */
const DEALS: { id: string; buyer: Person; owner: Person; status: 'agreed' | 'completed' | 'cancelled' }[] = [
  { id: 'd1', buyer: 'lance', owner: 'gary', status: 'completed' },
  { id: 'd2', buyer: 'erika', owner: 'gary', status: 'completed' },
  { id: 'd3', buyer: 'gary', owner: 'erika', status: 'completed' },
  { id: 'd4', buyer: 'koga', owner: 'gary', status: 'cancelled' },
  { id: 'd5', buyer: 'koga', owner: 'lance', status: 'agreed' },
];
/** Ratings given on completed deals: [deal, rater, ratee, stars]. */
const RATINGS: [string, Person, Person, number][] = [
  ['d1', 'lance', 'gary', 5],
  ['d1', 'gary', 'lance', 4],
  ['d2', 'erika', 'gary', 2],
  ['d3', 'erika', 'gary', 4],
];

/** What each collector's reputation must be, counted from the rows above by hand. */
function expectedFrom(deals: typeof DEALS, ratings: typeof RATINGS) {
  const figures = Object.fromEntries(
    PEOPLE.map((person) => [person, { rating_count: 0, rating_stars: 0, completed_deals: 0 }]),
  );
  for (const deal of deals.filter((each) => each.status === 'completed')) {
    figures[deal.buyer]!.completed_deals += 1;
    figures[deal.owner]!.completed_deals += 1;
  }
  for (const [, , ratee, stars] of ratings) {
    figures[ratee]!.rating_count += 1;
    figures[ratee]!.rating_stars += stars;
  }
  return figures;
}

describe('migration 032: each collector’s reputation kept by the database', () => {
  let database: TestDatabase;

  const db = () => database.handle.db;
  const reputations = async () => {
    const rows = await db()
      .selectFrom('users')
      .leftJoin('collector_reputation as r', 'r.user_id', 'users.id')
      .select(['users.id', 'r.rating_count', 'r.rating_stars', 'r.completed_deals'])
      .execute();
    return Object.fromEntries(
      rows.map((row) => [
        row.id,
        {
          rating_count: Number(row.rating_count ?? 0),
          rating_stars: Number(row.rating_stars ?? 0),
          completed_deals: Number(row.completed_deals ?? 0),
        },
      ]),
    );
  };
  const rate = (offerId: string, rater: Person, ratee: Person, stars: number) =>
    db()
      .insertInto('offer_ratings')
      .values({ offer_id: offerId, rater_id: rater, ratee_id: ratee, stars, comment: null, created_at: AT })
      .execute();
  const setDealStatus = (offerId: string, status: 'agreed' | 'completed' | 'cancelled') =>
    db().updateTable('offer_deals').set({ status }).where('offer_id', '=', offerId).execute();

  beforeAll(async () => {
    database = await createTestDatabase({ upTo: '031-marketplace-safety' });
    for (const person of PEOPLE) {
      await insertUser(db(), {
        id: person,
        username: person,
        username_key: person,
        email: `${person}@example.com`,
        password_hash: 'x',
        country: 'Japan',
        country_code: 'JP',
        is_admin: false,
        created_at: AT,
      });
    }
    for (const deal of DEALS) {
      await db()
        .insertInto('collection_items')
        .values({
          id: `item-${deal.id}`,
          user_id: deal.owner,
          list: 'collected',
          set_id: 'base_set',
          card_id: 'base_set-4',
          card_name: 'Charizard',
          card_number: '4/102',
          grade: 9,
          grading_company: 'PSA',
          cert_number: null,
          variant: null,
          accepting_offers: sql.lit(false),
          added_at: AT,
        })
        .execute();
      await db()
        .insertInto('offers')
        .values({
          id: deal.id,
          item_id: `item-${deal.id}`,
          from_user: deal.buyer,
          to_user: deal.owner,
          amount_cents: 10_000,
          message: null,
          status: 'accepted',
          awaiting: null,
          last_round_at: AT,
          created_at: AT,
          updated_at: AT,
        })
        .execute();
      await db()
        .insertInto('offer_deals')
        .values({
          offer_id: deal.id,
          item_id: `item-${deal.id}`,
          status: deal.status,
          created_at: AT,
          updated_at: AT,
        })
        .execute();
    }
    for (const [offerId, rater, ratee, stars] of RATINGS) await rate(offerId, rater, ratee, stars);
    await migrateToLatest(database.handle);
  });
  afterAll(() => database?.drop());

  it('counts the ratings and completed deals already stored', async () => {
    expect(await reputations()).toEqual(expectedFrom(DEALS, RATINGS));
    expect((await reputations()).gary).toEqual({ rating_count: 3, rating_stars: 11, completed_deals: 3 });
  });

  it('follows each rating and each deal that completes or stops being completed', async () => {
    await setDealStatus('d5', 'completed');
    await rate('d5', 'koga', 'lance', 1);
    await rate('d3', 'gary', 'erika', 5);
    const deals = DEALS.map((deal) => (deal.id === 'd5' ? { ...deal, status: 'completed' as const } : deal));
    const ratings: typeof RATINGS = [...RATINGS, ['d5', 'koga', 'lance', 1], ['d3', 'gary', 'erika', 5]];
    expect(await reputations()).toEqual(expectedFrom(deals, ratings));

    await db().deleteFrom('offer_ratings').where('offer_id', '=', 'd5').execute();
    await setDealStatus('d5', 'cancelled');
    expect(await reputations()).toEqual(expectedFrom(DEALS, [...RATINGS, ['d3', 'gary', 'erika', 5]]));
  });

  it('does not count a deal twice when its status is written again unchanged', async () => {
    const before = await reputations();
    await setDealStatus('d1', 'completed');
    await setDealStatus('d4', 'cancelled');
    expect(await reputations()).toEqual(before);
  });
});
