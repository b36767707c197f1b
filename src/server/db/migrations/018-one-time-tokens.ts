import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

/**
 * Sign-in by email link, password reset and email verification (docs/decisions/040-one-time-tokens.md).
 * `one_time_tokens` keeps only the SHA-256 of each token, what it is for, whose it is, the address it was
 * sent to and when it ends; `used_at` is set by the one update that spends it. `users.email_verified_at`
 * says since when the address is known to reach its owner: addresses already here have been receiving
 * alert emails, so they count as verified from the day of this migration.
 */
export function oneTimeTokens(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('email_verified_at', sql.raw(t.timestamp)).execute();
      await sql`update users set email_verified_at = ${new Date().toISOString()}`.execute(db);

      await db.schema
        .createTable('one_time_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('expires_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('used_at', sql.raw(t.timestamp))
        .execute();
      await db.schema
        .createIndex('one_time_tokens_owner')
        .on('one_time_tokens')
        .columns(['user_id', 'purpose'])
        .execute();
      await db.schema
        .createIndex('one_time_tokens_end')
        .on('one_time_tokens')
        .columns(['expires_at'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('one_time_tokens').execute();
      await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
    },
  };
}
