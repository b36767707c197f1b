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
