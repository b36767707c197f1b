import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

/**
 * Every sign-in link, reset and verification mail asked for, by the address it goes to and the client that
 * asked, so the limits per address and per client hold on every instance (docs/product.md §9).
 */
export function accountMails(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('account_mails')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('client', 'text', (c) => c.notNull())
        .addColumn('at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('account_mails_email')
        .on('account_mails')
        .columns(['email', 'at'])
        .execute();
      await db.schema
        .createIndex('account_mails_client')
        .on('account_mails')
        .columns(['client', 'at'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('account_mails').execute();
    },
  };
}
