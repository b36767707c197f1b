import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

/**
 * Safety in the marketplace (docs/decisions/053-blocks-reports-and-suspension.md).
 *
 * `user_blocks` holds who blocked whom: one row per pair and direction. `reports` holds what collectors
 * reported to the admins (an offer message or a profile), with the reported account named so a suspension
 * resolves every open report about it; a partial unique index keeps one open report per reporter and thing.
 * `users.suspended_at` marks a suspended account: it cannot sign in and its sessions are gone.
 */
export function marketplaceSafety(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('suspended_at', sql.raw(t.timestamp)).execute();

      await db.schema
        .createTable('user_blocks')
        .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addPrimaryKeyConstraint('user_blocks_pkey', ['blocker_id', 'blocked_id'])
        .execute();
      // Checks from the blocked side ("has anyone blocked this collector?") read this index.
      await db.schema.createIndex('user_blocks_blocked').on('user_blocks').column('blocked_id').execute();

      await db.schema
        .createTable('reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('subject', 'text', (c) => c.notNull().check(sql`subject in ('message', 'profile')`))
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('reported_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('open', 'dismissed', 'resolved')`),
        )
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('resolved_at', sql.raw(t.timestamp))
        .addColumn('resolved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('reports_one_open')
        .on('reports')
        .columns(['reporter_id', 'subject', 'subject_id'])
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute();
      await db.schema
        .createIndex('reports_open_by_date')
        .on('reports')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('reports_reported_user')
        .on('reports')
        .columns(['reported_user_id', 'status'])
        .execute();
    },
  };
}
