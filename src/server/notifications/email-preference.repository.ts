import type { DatabaseHandle } from '../db/connect.ts';

/** Whether the collector gets alert emails: yes unless they unsubscribed or turned them off. */
export async function alertEmailsOn(database: DatabaseHandle, userId: string): Promise<boolean> {
  const row = await database.db
    .selectFrom('notification_emails')
    .select('unsubscribed_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !row || row.unsubscribed_at === null;
}

/** The address on the collector's account; null when there is no such account. */
export async function accountEmail(database: DatabaseHandle, userId: string): Promise<string | null> {
  const row = await database.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.email ?? null;
}

/** A mail server's reply refusing a message: a 4xx or 5xx code first. */
const SMTP_REFUSAL = /^[45]\d\d\b/;

/**
 * The collector's newest alert email when a mail server refused it for good (docs/product.md §10): when it
 * was written and the server's answer. Null when the newest went, is still being tried, or there is none,
 * and when our own mail service could not be reached: that is for operations, not something the collector
 * can act on.
 */
export async function lastUndeliveredEmail(
  database: DatabaseHandle,
  userId: string,
): Promise<{ at: string; reason: string } | null> {
  const newest = await database.db
    .selectFrom('alert_emails')
    .select(['status', 'created_at', 'last_error'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const reply = newest?.status === 'failed' ? newest.last_error : null;
  return reply && SMTP_REFUSAL.test(reply) ? { at: newest!.created_at, reason: reply } : null;
}

/** Ends alert emails for the collector; true when the account exists. */
export async function unsubscribeFromEmails(
  database: DatabaseHandle,
  userId: string,
  now: string,
): Promise<boolean> {
  const user = await database.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) return false;
  await database.db
    .insertInto('notification_emails')
    .values({ user_id: userId, last_sent_at: null, unsubscribed_at: now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        unsubscribed_at: (eb) => eb.fn.coalesce('notification_emails.unsubscribed_at', eb.val(now)),
      }),
    )
    .execute();
  return true;
}

/**
 * Turns alert emails back on. The hour since the last digest still counts, and only alerts from now on are
 * emailed: what arrived while emails were off was not meant for the inbox.
 */
export async function resubscribeToEmails(
  database: DatabaseHandle,
  userId: string,
  now: string,
): Promise<void> {
  await database.db
    .updateTable('notification_emails')
    .set({ unsubscribed_at: null, resumed_at: now })
    .where('user_id', '=', userId)
    .where('unsubscribed_at', 'is not', null)
    .execute();
}
