import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

/**
 * Alert emails that survive a refusal (docs/decisions/026-alert-email-retries.md). `alert_emails` holds
 * each hourly digest from the moment it is claimed until the mail server accepts it, refuses it for good,
 * or it runs out of attempts; a notification names the digest that carries it (`alert_email_id`), so a
 * digest sends the same alerts on every attempt and `emailed_at` is written only once one was accepted.
 * `notification_emails.resumed_at` is when a collector last turned alert emails back on: alerts made while
 * they were off are not emailed afterwards.
 */
export function alertEmailDelivery(dialect: Dialect) {
  const t = columnTypes(dialect);
  const serialType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('alert_emails')
        .addColumn('id', serialType, serial)
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', sql.raw(t.timestamp))
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('sent_at', sql.raw(t.timestamp))
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('alert_emails_due')
        .on('alert_emails')
        .columns(['next_attempt_at'])
        .where(sql.ref('status'), '=', 'pending')
        .execute();
      await db.schema
        .createIndex('alert_emails_pending_owner')
        .on('alert_emails')
        .columns(['user_id'])
        .where(sql.ref('status'), '=', 'pending')
        .execute();

      // Notifications are deleted at will (docs/operations.md), and a digest's rows may go with them: no
      // foreign key, a digest left with nothing to say is dropped when its turn comes.
      await db.schema
        .alterTable('notifications')
        .addColumn('alert_email_id', dialect === 'postgres' ? 'bigint' : 'integer')
        .execute();
      await db.schema
        .createIndex('notifications_alert_email')
        .on('notifications')
        .columns(['alert_email_id', 'id'])
        .where(sql.ref('alert_email_id'), 'is not', null)
        .execute();
      await db.schema.dropIndex('notifications_unemailed').execute();
      await db.schema
        .createIndex('notifications_unemailed')
        .on('notifications')
        .columns(['user_id'])
        .where(sql.ref('emailed_at'), 'is', null)
        .where(sql.ref('alert_email_id'), 'is', null)
        .execute();

      await db.schema
        .alterTable('notification_emails')
        .addColumn('resumed_at', sql.raw(t.timestamp))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('notification_emails').dropColumn('resumed_at').execute();
      await db.schema.dropIndex('notifications_unemailed').execute();
      await db.schema.dropIndex('notifications_alert_email').execute();
      await db.schema.alterTable('notifications').dropColumn('alert_email_id').execute();
      await db.schema
        .createIndex('notifications_unemailed')
        .on('notifications')
        .columns(['user_id'])
        .where(sql.ref('emailed_at'), 'is', null)
        .execute();
      await db.schema.dropTable('alert_emails').execute();
    },
  };
}
