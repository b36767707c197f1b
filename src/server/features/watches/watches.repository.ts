import crypto from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { lockCollector } from '../../db/collector-lock.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database, WatchesTable } from '../../db/schema.ts';

type Db = Kysely<Database>;
export type WatchRow = Selectable<WatchesTable>;

export function newWatchId(): string {
  return crypto.randomUUID();
}

/** A collector's watches, newest first (watches_owner). */
export function findWatchesOfUser(db: Db, userId: string): Promise<WatchRow[]> {
  return db
    .selectFrom('watches')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The collector's watch with exactly these conditions, if they have one. */
function findSameWatch(db: Db, row: WatchesTable) {
  return db
    .selectFrom('watches')
    .select('id')
    .where('user_id', '=', row.user_id)
    .where('set_id', '=', row.set_id)
    .where('card_name', '=', row.card_name)
    .where((eb) =>
      eb.and([
        row.grading_company === null
          ? eb('grading_company', 'is', null)
          : eb('grading_company', '=', row.grading_company),
        row.grade === null ? eb('grade', 'is', null) : eb('grade', '=', row.grade),
        row.below_cents === null ? eb('below_cents', 'is', null) : eb('below_cents', '=', row.below_cents),
        row.above_cents === null ? eb('above_cents', 'is', null) : eb('above_cents', '=', row.above_cents),
      ]),
    )
    .executeTakeFirst();
}

export type InsertWatchResult = 'inserted' | 'limit' | 'duplicate';

/**
 * Adds the watch unless the collector has `limit` already or the very same one, in one transaction that holds
 * the collector (lockCollector), so adds racing each other cannot pass the limit together.
 */
export async function insertWatchWithinLimit(
  database: DatabaseHandle,
  row: WatchesTable,
  limit: number,
): Promise<InsertWatchResult> {
  return database.db.transaction().execute(async (trx) => {
    await lockCollector(trx, database.dialect, row.user_id);
    const count = await trx
      .selectFrom('watches')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', row.user_id)
      .executeTakeFirst();
    if (Number(count?.count ?? 0) >= limit) return 'limit';
    if (await findSameWatch(trx, row)) return 'duplicate';
    await trx.insertInto('watches').values(row).execute();
    return 'inserted';
  });
}

export async function deleteOwnWatch(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('watches')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface LatestSaleRow {
  id: string;
  sold_at: string;
  price_cents: number;
  grading_company: string | null;
  grade: number | null;
}

/** The newest sale of the watched cohort that counts (flagged sales left out), off the card's analysis index. */
export function latestSaleOf(db: Db, watch: WatchRow): Promise<LatestSaleRow | undefined> {
  let query = db
    .selectFrom('sales')
    .select(['id', 'sold_at', 'price_cents', 'grading_company', 'grade'])
    .where('set_id', '=', watch.set_id)
    .where('card_name', '=', watch.card_name)
    .where('excluded', '=', sql.lit(false));
  if (watch.grading_company !== null) query = query.where('grading_company', '=', watch.grading_company);
  if (watch.grade !== null) query = query.where('grade', '=', watch.grade);
  return query.orderBy('sold_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}
