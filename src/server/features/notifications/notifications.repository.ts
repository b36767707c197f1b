import type { Kysely, Selectable } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.ts';
import { offerActorOfNotification } from '../../notifications/offer-actor.ts';

type Db = Kysely<Database>;
/** A notification with, for one about an offer, the other collector's username (who took the step). */
export type NotificationRow = Selectable<NotificationsTable> & { actor: string | null };

/** A page of the collector's notifications, newest first (notifications_inbox); one more than asked tells if there is a next page. */
export function findNotifications(
  db: Db,
  userId: string,
  before: number | undefined,
  limit: number,
): Promise<NotificationRow[]> {
  let query = db
    .selectFrom('notifications as n')
    .selectAll('n')
    .select(offerActorOfNotification().as('actor'))
    .where('n.user_id', '=', userId);
  if (before !== undefined) query = query.where('n.id', '<', before);
  return query
    .orderBy('n.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Marks the collector's own notifications read: the given ones, those about the offer, or all when neither
 * is given.
 */
export async function markRead(
  db: Db,
  userId: string,
  ids: number[] | undefined,
  offerId: string | undefined,
  now: string,
): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) {
    if (ids.length === 0) return;
    query = query.where('id', 'in', ids);
  }
  if (offerId !== undefined) query = query.where('offer_id', '=', offerId);
  await query.execute();
}
