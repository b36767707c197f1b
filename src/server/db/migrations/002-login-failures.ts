import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

/** Failed sign-ins per account, so the per-account limit holds across app instances and restarts. */
export function loginFailures(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('login_failures')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email_key', 'text', (c) => c.notNull())
        .addColumn('at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_account')
        .on('login_failures')
        .columns(['email_key', 'at'])
        .execute();
    },
  };
}
