import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

/**
 * Sales feeds (docs/product.md §2 Feeds): a feed is an adapter with a schedule, settings, secrets and the state
 * it keeps between runs; a run counts what it stored, found stored already, refused and failed on, and keeps
 * a checkpoint written in the same transaction as the sales it stored, so a run resumed after a crash neither
 * repeats nor misses work. At most one run of a feed is under way at a time, which the database enforces, so
 * two instances that both decide a feed is due cannot start it twice.
 */
export function feeds(dialect: Dialect) {
  const t = columnTypes(dialect);
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('feeds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('adapter', 'text', (c) => c.notNull())
        .addColumn('schedule', 'text', (c) => c.notNull())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('secrets', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('paused', sql.raw(t.boolean), (c) => c.notNull().defaultTo(sql.raw(t.falseValue)))
        .addColumn('next_run_at', sql.raw(t.timestamp))
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('updated_at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('feeds_due').on('feeds').columns(['next_run_at']).execute();

      await db.schema
        .createTable('feed_runs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('feed_id', 'text', (c) => c.notNull().references('feeds.id').onDelete('cascade'))
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('started_at', sql.raw(t.timestamp))
        .addColumn('finished_at', sql.raw(t.timestamp))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', sql.raw(t.timestamp))
        .addColumn('heartbeat_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('stored', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('duplicates', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('progress_total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('checkpoint', 'text')
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('feed_runs_feed')
        .on('feed_runs')
        .columns(['feed_id', 'created_at'])
        .execute();
      await db.schema.createIndex('feed_runs_status').on('feed_runs').columns(['status']).execute();
      await db.schema
        .createIndex('feed_runs_one_active')
        .on('feed_runs')
        .column('feed_id')
        .unique()
        .where(sql<boolean>`status in ('queued', 'running', 'retrying')`)
        .execute();

      await db.schema
        .createTable('feed_run_refusals')
        .addColumn('id', serial, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('run_id', 'text', (c) => c.notNull().references('feed_runs.id').onDelete('cascade'))
        .addColumn('title', 'text')
        .addColumn('reason', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('feed_run_refusals_run')
        .on('feed_run_refusals')
        .columns(['run_id', 'id'])
        .execute();

      await db.schema
        .createTable('feed_run_errors')
        .addColumn('id', serial, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('run_id', 'text', (c) => c.notNull().references('feed_runs.id').onDelete('cascade'))
        .addColumn('at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('feed_run_errors_run')
        .on('feed_run_errors')
        .columns(['run_id', 'id'])
        .execute();
    },
  };
}
