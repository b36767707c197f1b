import { describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import type { DatabaseHandle } from '#server/db/connect.ts';
import { type CollectionList, listFullMessage, MAX_ITEMS_PER_LIST } from '#shared/collection-rules.ts';
import { MAX_WATCHES, WATCH_MESSAGES } from '#shared/schemas/watches.ts';
import { registerUser, type TestUser } from '../../helpers/auth.ts';
import { itemBody, postItem } from '../../helpers/collection-factory.ts';
import { useTestApp } from '../../helpers/test-app.ts';

/**
 * Probe class "concurrent limits": every limit on what one collector may hold is raced by many adds at once,
 * a few short of the limit, on SQLite and PostgreSQL. Exactly the adds that fit are stored, every other one
 * gets the limit's own 409, and the collector ends at the limit, never past it. A new counted limit joins
 * COUNTED_LIMITS.
 */
interface CountedLimit {
  name: string;
  limit: number;
  message: string;
  /** Gives the collector `count` of the limited things straight in the database. */
  fill(database: DatabaseHandle, userId: string, count: number): Promise<void>;
  /** The `n`-th add through the API. */
  add(app: App, user: TestUser, n: number): Promise<{ statusCode: number; json(): unknown }>;
  held(database: DatabaseHandle, userId: string): Promise<number>;
}

const INSERT_CHUNK = 500;

function listLimit(list: CollectionList): CountedLimit {
  return {
    name: `the ${list === 'collected' ? 'Collected' : 'Want to Buy'} list`,
    limit: MAX_ITEMS_PER_LIST,
    message: listFullMessage(list),
    async fill(database, userId, count) {
      const rows = Array.from({ length: count }, (_, index) => ({
        id: `base_4_${list}_${userId}_${index}`,
        user_id: userId,
        list,
        set_id: 'base_set',
        card_id: 'base_set-4',
        card_name: 'Charizard',
        card_number: '4/102',
        grade: 9,
        grading_company: 'PSA',
        cert_number: null,
        variant: '1st Edition',
        accepting_offers: database.dialect === 'postgres' ? false : 0,
        added_at: new Date().toISOString(),
      }));
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        await database.db
          .insertInto('collection_items')
          .values(rows.slice(start, start + INSERT_CHUNK))
          .execute();
      }
    },
    add: (app, user) =>
      postItem(
        app,
        user.cookie,
        itemBody(list === 'wtb' ? { list, certNumber: undefined, acceptingOffers: false } : { list }),
      ),
    async held(database, userId) {
      const row = await database.db
        .selectFrom('collection_items')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('list', '=', list)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

const watchLimit: CountedLimit = {
  name: 'watches',
  limit: MAX_WATCHES,
  message: WATCH_MESSAGES.tooMany,
  async fill(database, userId, count) {
    await database.db
      .insertInto('watches')
      .values(
        Array.from({ length: count }, (_, index) => ({
          id: `watch_${userId}_${index}`,
          user_id: userId,
          set_id: 'base_set',
          card_id: 'base_set-4',
          card_name: 'Charizard',
          grading_company: null,
          grade: null,
          below_cents: (index + 1) * 100,
          above_cents: null,
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
  },
  // Prices past the filled ones, so no add is refused as the same watch again.
  add: (app, user, n) =>
    app.inject({
      method: 'POST',
      url: '/api/watches',
      payload: { set: 'base', card: 'Charizard', below: 100_000 + n },
      headers: { cookie: user.cookie },
    }),
  async held(database, userId) {
    const row = await database.db
      .selectFrom('watches')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
};

const COUNTED_LIMITS: CountedLimit[] = [listLimit('collected'), listLimit('wtb'), watchLimit];
/** The reported reproduction: 40 adds at once, 10 short of the limit (1,990 cards of 2,000). */
const RACERS = 40;
const ROOM = 10;

describe('concurrent limits', () => {
  const t = useTestApp();

  it.each(COUNTED_LIMITS.map((limit) => [limit.name, limit] as const))(
    '%s: 40 adds at once, 10 short of the limit, store 10 and refuse 30',
    async (_, limit) => {
      const collector = await registerUser(t.app);
      const database = t.database.handle;
      await limit.fill(database, collector.user.id, limit.limit - ROOM);

      const answers = await Promise.all(
        Array.from({ length: RACERS }, (_, n) => limit.add(t.app, collector, n)),
      );

      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(ROOM);
      expect(statuses.filter((status) => status === 409)).toHaveLength(RACERS - ROOM);
      for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
        expect(answer.json()).toEqual({ error: { code: 'conflict', message: limit.message } });
      }
      expect(await limit.held(database, collector.user.id)).toBe(limit.limit);
    },
  );
});
