import { type Kysely, sql } from 'kysely';
import { isValidEmail } from '#shared/registration.ts';

/** Accounts read at a time, so a large users table is never held in memory whole. */
const PAGE = 1000;

/**
 * Email addresses are bare addresses (docs/product.md §5). Sign-up once took text such as
 * `evil<alice@example.com>` or `x,victim@example.com`, which a mailer reads as other people's mailboxes: alert
 * emails are turned off for every account whose stored address breaks the rule, as its unsubscribe link would.
 * The account itself and its alerts in the app stay as they are; the switch refuses to turn emails on again.
 */
export function alertEmailsToBareAddresses() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const now = new Date().toISOString();
      let after = '';
      for (;;) {
        const { rows } = await sql<{ id: string; email: string }>`
          select id, email from users where id > ${after} order by id limit ${PAGE}`.execute(db);
        for (const { id, email } of rows) {
          if (isValidEmail(email)) continue;
          await sql`
            insert into notification_emails (user_id, last_sent_at, unsubscribed_at)
            values (${id}, null, ${now})
            on conflict (user_id) do update
              set unsubscribed_at = coalesce(notification_emails.unsubscribed_at, excluded.unsubscribed_at)`.execute(
            db,
          );
        }
        if (rows.length < PAGE) return;
        after = rows.at(-1)!.id;
      }
    },
  };
}
