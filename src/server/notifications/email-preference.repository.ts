import type { DatabaseHandle } from '../db/connect.ts';

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
