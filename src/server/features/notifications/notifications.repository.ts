import type { Kysely, Selectable } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.ts';

type Db = Kysely<Database>;
export type NotificationRow = Selectable<NotificationsTable>;

/** A page of the collector's notifications, newest first (notifications_inbox); one more than asked tells if there is a next page. */
export function findNotifications(
  db: Db,
  userId: string,
  before: number | undefined,
  limit: number,
): Promise<NotificationRow[]> {
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  if (before !== undefined) query = query.where('id', '<', before);
  return query
    .orderBy('id', 'desc')
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

/** Marks the collector's own notifications read: the given ones, or all when ids is undefined. */
export async function markRead(
  db: Db,
  userId: string,
  ids: number[] | undefined,
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
  await query.execute();
}
