import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Dialect } from '../../db/connect.ts';
import type { Database, FeedRunsTable, FeedsTable } from '../../db/schema.ts';

type Db = Kysely<Database>;
export type FeedRow = Selectable<FeedsTable>;
export type FeedRunRow = Selectable<FeedRunsTable>;

const ACTIVE = ['queued', 'running', 'retrying'] as const;
/** A heartbeat this old marks a run its instance will never finish. */
const LONG_AGO = '1970-01-01T00:00:00.000Z';

/** A boolean literal both dialects store as they read it back (SQLite's TRUE and FALSE are 1 and 0). */
const booleanLiteral = (value: boolean) => sql.lit(value);

/**
 * Adds the feed unless there are `limit` feeds already, in the caller's transaction. On PostgreSQL adds take
 * turns under an advisory lock, so two racing each other cannot pass the limit together (SQLite has one writer
 * at a time).
 */
export async function insertFeedWithinLimit(
  db: Db,
  dialect: Dialect,
  feed: Omit<FeedRow, 'paused'>,
  limit: number,
): Promise<boolean> {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.feeds'))`.execute(db);
  const count = await db
    .selectFrom('feeds')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  if (Number(count?.count ?? 0) >= limit) return false;
  await db
    .insertInto('feeds')
    .values({ ...feed, paused: booleanLiteral(false) })
    .execute();
  return true;
}

/**
 * Deletes the feed with its runs, unless a run of it is under way (which would go on writing to them).
 * 'missing' when there is no such feed.
 */
export async function deleteIdleFeed(db: Db, feedId: string): Promise<'deleted' | 'running' | 'missing'> {
  const result = await db
    .deleteFrom('feeds')
    .where('id', '=', feedId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('feed_runs')
            .select('id')
            .whereRef('feed_runs.feed_id', '=', 'feeds.id')
            .where('status', 'in', ACTIVE),
        ),
      ),
    )
    .executeTakeFirst();
  if (Number(result.numDeletedRows) > 0) return 'deleted';
  return (await findFeed(db, feedId)) ? 'running' : 'missing';
}

export function findFeed(db: Db, feedId: string): Promise<FeedRow | undefined> {
  return db.selectFrom('feeds').selectAll().where('id', '=', feedId).executeTakeFirst();
}

export function listFeeds(db: Db): Promise<FeedRow[]> {
  return db.selectFrom('feeds').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

/** The newest run of a feed, read off feed_runs_feed however many runs it has had. */
export function latestRun(db: Db, feedId: string): Promise<FeedRunRow | undefined> {
  return db
    .selectFrom('feed_runs')
    .selectAll()
    .where('feed_id', '=', feedId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function setPaused(
  db: Db,
  feedId: string,
  paused: boolean,
  nextRunAt: string | null,
  now: string,
): Promise<void> {
  await db
    .updateTable('feeds')
    .set({ paused: booleanLiteral(paused), next_run_at: nextRunAt, updated_at: now })
    .where('id', '=', feedId)
    .execute();
}

/** Feeds whose schedule has come round, oldest first. */
export function dueFeeds(db: Db, now: string): Promise<FeedRow[]> {
  return db
    .selectFrom('feeds')
    .selectAll()
    .where('paused', '=', booleanLiteral(false))
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .execute();
}

/**
 * Moves a feed's next run on, only if no one else has since `from` was read: of several instances that find
 * the feed due at once, exactly one gets true.
 */
export async function advanceSchedule(
  db: Db,
  feedId: string,
  from: string,
  to: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('feeds')
    .set({ next_run_at: to })
    .where('id', '=', feedId)
    .where('next_run_at', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function saveFeedState(db: Db, feedId: string, state: string, now: string): Promise<void> {
  await db.updateTable('feeds').set({ state, updated_at: now }).where('id', '=', feedId).execute();
}

/** Adds a queued run; false when the feed has a run under way already (feed_runs_one_active). */
export async function insertRun(
  db: Db,
  run: Pick<Insertable<FeedRunsTable>, 'id' | 'feed_id' | 'trigger' | 'created_at'>,
): Promise<boolean> {
  const result = await db
    .insertInto('feed_runs')
    .values({
      ...run,
      status: 'queued',
      heartbeat_at: run.created_at,
      attempts: 0,
      stored: 0,
      duplicates: 0,
      refused: 0,
      errors: 0,
      progress_done: 0,
      progress_total: 0,
    })
    .onConflict((conflict) =>
      conflict.column('feed_id').where(sql<boolean>`status in ('queued', 'running', 'retrying')`).doNothing(),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findRun(db: Db, runId: string): Promise<FeedRunRow | undefined> {
  return db.selectFrom('feed_runs').selectAll().where('id', '=', runId).executeTakeFirst();
}

export function runsOfFeed(db: Db, feedId: string, limit: number): Promise<FeedRunRow[]> {
  return db
    .selectFrom('feed_runs')
    .selectAll()
    .where('feed_id', '=', feedId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export function runRefusals(db: Db, runId: string) {
  return db
    .selectFrom('feed_run_refusals')
    .select(['title', 'reason'])
    .where('run_id', '=', runId)
    .orderBy('id')
    .execute();
}

export function runErrors(db: Db, runId: string) {
  return db
    .selectFrom('feed_run_errors')
    .select(['at', 'message'])
    .where('run_id', '=', runId)
    .orderBy('id')
    .execute();
}

/**
 * Takes the run for this instance: a queued run, a retry whose time has come, or a run whose instance
 * stopped renewing its heartbeat before `staleBefore`. Undefined when another instance has it or it is over.
 */
export function claimRun(
  db: Db,
  runId: string,
  now: string,
  staleBefore: string,
): Promise<FeedRunRow | undefined> {
  return db
    .updateTable('feed_runs')
    .set((eb) => ({
      status: 'running',
      attempts: eb('attempts', '+', 1),
      heartbeat_at: now,
      started_at: eb.fn.coalesce('started_at', eb.val(now)),
      next_attempt_at: null,
    }))
    .where('id', '=', runId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'retrying'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('heartbeat_at', '<', staleBefore)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function renewHeartbeat(db: Db, runId: string, now: string): Promise<void> {
  await db
    .updateTable('feed_runs')
    .set({ heartbeat_at: now })
    .where('id', '=', runId)
    .where('status', '=', 'running')
    .execute();
}

export interface RunProgress {
  stored: number;
  duplicates: number;
  refused: number;
  progress_done: number;
  progress_total: number;
  checkpoint: string;
}

/** Part of the transaction that stores the sales up to the checkpoint: the counts, the place, the refusals. */
export async function saveProgress(
  db: Db,
  runId: string,
  progress: RunProgress,
  refusals: readonly { title: string | null; reason: string }[],
  now: string,
): Promise<void> {
  await db
    .updateTable('feed_runs')
    .set({ ...progress, heartbeat_at: now })
    .where('id', '=', runId)
    .execute();
  if (refusals.length > 0) {
    await db
      .insertInto('feed_run_refusals')
      .values(refusals.map((refusal) => ({ run_id: runId, ...refusal })))
      .execute();
  }
}

export async function recordRunError(db: Db, runId: string, message: string, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('feed_run_errors').values({ run_id: runId, at: now, message }).execute();
    await trx
      .updateTable('feed_runs')
      .set((eb) => ({ errors: eb('errors', '+', 1), last_error: message }))
      .where('id', '=', runId)
      .execute();
  });
}

export async function finishRun(
  db: Db,
  runId: string,
  status: 'succeeded' | 'failed',
  now: string,
): Promise<void> {
  await db
    .updateTable('feed_runs')
    .set({ status, finished_at: now, next_attempt_at: null })
    .where('id', '=', runId)
    .execute();
}

export async function retryRunAt(db: Db, runId: string, nextAttemptAt: string): Promise<void> {
  await db
    .updateTable('feed_runs')
    .set({ status: 'retrying', next_attempt_at: nextAttemptAt })
    .where('id', '=', runId)
    .execute();
}

/** Hands a run this instance is stopping on back to the queue, for the next instance to take at once. */
export async function releaseRun(db: Db, runId: string): Promise<void> {
  await db
    .updateTable('feed_runs')
    .set({ status: 'queued', heartbeat_at: LONG_AGO })
    .where('id', '=', runId)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Runs no instance is working on: queued or running with a stale heartbeat, or a retry overdue by as much.
 * An instance that died (kill -9, a lost machine) leaves these behind.
 */
export function abandonedRuns(db: Db, staleBefore: string): Promise<FeedRunRow[]> {
  return db
    .selectFrom('feed_runs')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['queued', 'running']), eb('heartbeat_at', '<', staleBefore)]),
        eb.and([eb('status', '=', 'retrying'), eb('next_attempt_at', '<', staleBefore)]),
      ]),
    )
    .execute();
}

/** Every run not yet over: what a single instance picks up again when it starts. */
export function unfinishedRuns(db: Db): Promise<FeedRunRow[]> {
  return db.selectFrom('feed_runs').selectAll().where('status', 'in', ACTIVE).execute();
}
