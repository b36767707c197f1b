import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/connect.ts';
import type { NotificationsTable } from '../db/schema.ts';

export type DigestLine = Pick<
  NotificationsTable,
  'kind' | 'set_id' | 'card_name' | 'grading_company' | 'grade' | 'price_cents' | 'sold_at'
>;

export interface ClaimedDigest {
  email: string;
  username: string;
  lines: DigestLine[];
  /** How many new notifications the digest covers (lines holds the newest of them). */
  total: number;
}

/** Collectors with notifications not yet emailed whose last digest is at least an hour old (or who never had one). */
export async function collectorsDue(
  database: DatabaseHandle,
  sentBefore: string,
  limit: number,
): Promise<string[]> {
  const rows = await database.db
    .selectFrom('notifications as n')
    .leftJoin('notification_emails as e', 'e.user_id', 'n.user_id')
    .select('n.user_id')
    .distinct()
    .where('n.emailed_at', 'is', null)
    .where('e.unsubscribed_at', 'is', null)
    .where((eb) => eb.or([eb('e.last_sent_at', 'is', null), eb('e.last_sent_at', '<=', sentBefore)]))
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * Takes the collector's digest in one transaction: their last-sent time moves to now only if it is still at
 * least an hour old and they have not unsubscribed (so two instances cannot both send it), and their new
 * notifications are marked emailed. The email is sent after the commit: a crash in between loses that one
 * digest rather than ever sending two within the hour.
 */
export async function claimDigest(
  database: DatabaseHandle,
  userId: string,
  now: string,
  sentBefore: string,
  maxLines: number,
): Promise<ClaimedDigest | undefined> {
  return database.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['email', 'username'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return undefined;
    const { rows: claimed } = await sql<{ user_id: string }>`
      insert into notification_emails (user_id, last_sent_at) values (${userId}, ${now})
      on conflict (user_id) do update set last_sent_at = excluded.last_sent_at
      where notification_emails.unsubscribed_at is null
        and (notification_emails.last_sent_at is null or notification_emails.last_sent_at <= ${sentBefore})
      returning user_id`.execute(trx);
    if (claimed.length === 0) return undefined;
    const lines = await trx
      .selectFrom('notifications')
      .select(['kind', 'set_id', 'card_name', 'grading_company', 'grade', 'price_cents', 'sold_at'])
      .where('user_id', '=', userId)
      .where('emailed_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(maxLines)
      .execute();
    const marked = await trx
      .updateTable('notifications')
      .set({ emailed_at: now })
      .where('user_id', '=', userId)
      .where('emailed_at', 'is', null)
      .executeTakeFirst();
    return { ...user, lines, total: Number(marked.numUpdatedRows) };
  });
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
