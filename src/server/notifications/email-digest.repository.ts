import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/connect.ts';
import type { NotificationsTable } from '../db/schema.ts';
import { offerActorOfNotification } from './offer-actor.ts';

/** What an email line says, and for an offer's news the offer it links to and who took the step. */
export type DigestLine = Pick<
  NotificationsTable,
  'kind' | 'set_id' | 'card_name' | 'grading_company' | 'grade' | 'price_cents' | 'sold_at'
> & { offer_id: string | null; actor: string | null };

/** A digest taken for one attempt: what to send, and to whom. */
export interface DigestAttempt {
  id: number;
  userId: string;
  createdAt: string;
  /** This attempt's number, from 1. */
  attempt: number;
}

export interface DigestContent {
  email: string;
  username: string;
  /** False once the collector turned alert emails off. */
  subscribed: boolean;
  /** False while the address is not verified (a new address since the digest was claimed). */
  verified: boolean;
  lines: DigestLine[];
  /** How many notifications the digest carries (lines holds the newest of them). */
  total: number;
}

/**
 * Collectors with notifications no digest carries yet, whose last digest is at least an hour old (or who
 * never had one), whose address is verified, who get alert emails and have no digest waiting for another
 * attempt.
 */
export async function collectorsDue(
  database: DatabaseHandle,
  sentBefore: string,
  limit: number,
): Promise<string[]> {
  const rows = await database.db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('notification_emails as e', 'e.user_id', 'n.user_id')
    .select('n.user_id')
    .distinct()
    .where('u.email_verified_at', 'is not', null)
    .where('n.emailed_at', 'is', null)
    .where('n.alert_email_id', 'is', null)
    .where('e.unsubscribed_at', 'is', null)
    .where((eb) => eb.or([eb('e.last_sent_at', 'is', null), eb('e.last_sent_at', '<=', sentBefore)]))
    .where((eb) => eb.or([eb('e.resumed_at', 'is', null), eb('n.created_at', '>=', eb.ref('e.resumed_at'))]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('alert_emails as a')
            .select('a.id')
            .whereRef('a.user_id', '=', 'n.user_id')
            .where('a.status', '=', 'pending'),
        ),
      ),
    )
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * Claims the collector's digest in one transaction: their last-sent time moves to now only if it is still
 * at least an hour old, they get alert emails and no digest of theirs is waiting (so two instances cannot
 * both claim it), and their new notifications are attached to a new pending digest, due at once. Nothing is
 * marked emailed here: that waits for the mail server to accept the digest. Returns its id.
 */
export async function claimDigest(
  database: DatabaseHandle,
  userId: string,
  now: string,
  sentBefore: string,
): Promise<number | undefined> {
  return database.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) return undefined;
    const { rows: claimed } = await sql<{ resumed_at: string | null }>`
      insert into notification_emails (user_id, last_sent_at) values (${userId}, ${now})
      on conflict (user_id) do update set last_sent_at = excluded.last_sent_at
      where notification_emails.unsubscribed_at is null
        and (notification_emails.last_sent_at is null or notification_emails.last_sent_at <= ${sentBefore})
        and not exists (
          select 1 from alert_emails where user_id = ${userId} and status = 'pending')
      returning resumed_at`.execute(trx);
    const resumedAt = claimed[0]?.resumed_at;
    if (resumedAt === undefined) return undefined;
    const { id } = await trx
      .insertInto('alert_emails')
      .values({ user_id: userId, status: 'pending', next_attempt_at: now, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    let carried = trx
      .updateTable('notifications')
      .set({ alert_email_id: Number(id) })
      .where('user_id', '=', userId)
      .where('emailed_at', 'is', null)
      .where('alert_email_id', 'is', null);
    if (resumedAt !== null) carried = carried.where('created_at', '>=', resumedAt);
    await carried.execute();
    return Number(id);
  });
}

/** Pending digests whose next attempt is due, oldest first. */
export async function digestsDue(database: DatabaseHandle, now: string, limit: number): Promise<number[]> {
  const rows = await database.db
    .selectFrom('alert_emails')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Takes a due digest for one attempt: counts the attempt and holds the digest until `heldUntil`, so no other
 * pass or instance tries it meanwhile. Only one of them can take it (the update re-checks that it is due).
 * The send happens outside any transaction; if this instance dies during it, the digest is due again once
 * the hold ends.
 */
export async function takeDigest(
  database: DatabaseHandle,
  id: number,
  now: string,
  heldUntil: string,
): Promise<DigestAttempt | undefined> {
  const row = await database.db
    .updateTable('alert_emails')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: heldUntil }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .returning(['user_id', 'created_at', 'attempts'])
    .executeTakeFirst();
  return row
    ? { id, userId: row.user_id, createdAt: row.created_at, attempt: Number(row.attempts) }
    : undefined;
}

/** The digest's recipient and alerts: the same on every attempt. */
export async function digestContent(
  database: DatabaseHandle,
  digest: DigestAttempt,
  maxLines: number,
): Promise<DigestContent | undefined> {
  const db = database.db;
  const [user, preference, lines, count] = await Promise.all([
    db
      .selectFrom('users')
      .select(['email', 'username', 'email_verified_at'])
      .where('id', '=', digest.userId)
      .executeTakeFirst(),
    db
      .selectFrom('notification_emails')
      .select('unsubscribed_at')
      .where('user_id', '=', digest.userId)
      .executeTakeFirst(),
    db
      .selectFrom('notifications as n')
      .select([
        'n.kind',
        'n.set_id',
        'n.card_name',
        'n.grading_company',
        'n.grade',
        'n.price_cents',
        'n.sold_at',
        'n.offer_id',
      ])
      .select(offerActorOfNotification().as('actor'))
      .where('n.alert_email_id', '=', digest.id)
      .orderBy('n.id', 'desc')
      .limit(maxLines)
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('alert_email_id', '=', digest.id)
      .executeTakeFirst(),
  ]);
  if (!user) return undefined;
  return {
    email: user.email,
    username: user.username,
    verified: user.email_verified_at !== null,
    subscribed: !preference || preference.unsubscribed_at === null,
    lines,
    total: Number(count?.count ?? 0),
  };
}

/**
 * The mail server accepted the digest: it is sent, its notifications are emailed, and the collector's hour
 * counts from now. One transaction, so the digest is never taken again once this commits.
 */
export async function recordDigestSent(database: DatabaseHandle, digest: DigestAttempt, now: string) {
  await database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('alert_emails')
      .set({ status: 'sent', sent_at: now, next_attempt_at: null, last_error: null })
      .where('id', '=', digest.id)
      .execute();
    await trx
      .updateTable('notifications')
      .set({ emailed_at: now })
      .where('alert_email_id', '=', digest.id)
      .execute();
    await trx
      .updateTable('notification_emails')
      .set({ last_sent_at: now })
      .where('user_id', '=', digest.userId)
      .execute();
  });
}

/** The attempt failed and another will follow at `retryAt`. */
export async function scheduleDigestRetry(
  database: DatabaseHandle,
  id: number,
  retryAt: string,
  error: string,
): Promise<void> {
  await database.db
    .updateTable('alert_emails')
    .set({ next_attempt_at: retryAt, last_error: error })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** No more attempts: refused for good or out of attempts (failed), or nothing left to send (cancelled). */
export async function closeDigest(
  database: DatabaseHandle,
  id: number,
  status: 'failed' | 'cancelled',
  error: string | null,
): Promise<void> {
  await database.db
    .updateTable('alert_emails')
    .set({ status, next_attempt_at: null, last_error: error })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}
