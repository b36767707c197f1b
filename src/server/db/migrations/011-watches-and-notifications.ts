import crypto from 'node:crypto';
import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { UNSUBSCRIBE_KEY } from '../shared-sql.ts';
import { columnTypes } from './column-types.ts';

/**
 * Watches, alerts and the demand view (docs/product.md §10). A sale or a collection change that may concern
 * a watcher writes a row to notification_outbox in its own transaction; a worker turns outbox rows into
 * notifications later (docs/decisions/020-notification-outbox.md). A notification's dedupe_key is unique, so
 * handling an outbox row again adds nothing. notification_emails keeps when each collector was last sent
 * a digest and whether they unsubscribed; the key that signs unsubscribe links joins app_secrets (004).
 */

export function watchesAndNotifications(dialect: Dialect) {
  const t = columnTypes(dialect);
  const serialType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('watches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('set_id', 'text', (c) => c.notNull())
        .addColumn('card_id', 'text', (c) => c.notNull())
        .addColumn('card_name', 'text', (c) => c.notNull())
        .addColumn('grading_company', 'text')
        .addColumn('grade', 'real')
        .addColumn('below_cents', 'integer')
        .addColumn('above_cents', 'integer')
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('watches_card').on('watches').columns(['set_id', 'card_name']).execute();
      await db.schema.createIndex('watches_owner').on('watches').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('notification_outbox')
        .addColumn('id', serialType, serial)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('notifications')
        .addColumn('id', serialType, serial)
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('watch_id', 'text')
        .addColumn('set_id', 'text', (c) => c.notNull())
        .addColumn('card_name', 'text', (c) => c.notNull())
        .addColumn('grading_company', 'text')
        .addColumn('grade', 'real')
        .addColumn('price_cents', 'integer')
        .addColumn('sale_id', 'text')
        .addColumn('sold_at', sql.raw(t.timestamp))
        .addColumn('item_id', 'text')
        .addColumn('owner_id', 'text')
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('read_at', sql.raw(t.timestamp))
        .addColumn('emailed_at', sql.raw(t.timestamp))
        .execute();
      await db.schema
        .createIndex('notifications_inbox')
        .on('notifications')
        .columns(['user_id', 'id desc'])
        .execute();
      await db.schema
        .createIndex('notifications_unemailed')
        .on('notifications')
        .columns(['user_id'])
        .where(sql.ref('emailed_at'), 'is', null)
        .execute();

      await db.schema
        .createTable('notification_emails')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('last_sent_at', sql.raw(t.timestamp))
        .addColumn('unsubscribed_at', sql.raw(t.timestamp))
        .execute();

      const key = crypto.randomBytes(32).toString('base64url');
      await sql`insert into app_secrets (name, value) values (${UNSUBSCRIBE_KEY}, ${key})`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from app_secrets where name = ${UNSUBSCRIBE_KEY}`.execute(db);
      for (const table of ['notification_emails', 'notifications', 'notification_outbox', 'watches']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
