import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.ts';
import { notBlockedBy } from '../safety/public.ts';

/**
 * The newest of the offer's last change, its deal's and its last message's: PostgreSQL's greatest() passes
 * over nulls, SQLite's many-argument max() does not, so there each missing one stands in as the offer's own.
 */
function activityOf(database: DatabaseHandle) {
  const lastMessage = sql<
    string | null
  >`(select max(m.created_at) from offer_messages m where m.offer_id = o.id)`;
  return database.dialect === 'postgres'
    ? sql<string>`greatest(o.updated_at, d.updated_at, ${lastMessage})`
    : sql<string>`max(o.updated_at, coalesce(d.updated_at, o.updated_at), coalesce(${lastMessage}, o.updated_at))`;
}

export interface InboxCursor {
  at: string;
  id: string;
}

/**
 * The offers the user made or received, newest activity first, `limit + 1` of them (one more tells if there
 * is a next page), after `cursor` when given. Each with its card, the other collector, its deal and whether
 * the user has an unread notification about it.
 */
export function listInbox(
  database: DatabaseHandle,
  userId: string,
  cursor: InboxCursor | undefined,
  limit: number,
) {
  const rows = database.db
    .selectFrom('offers as o')
    .innerJoin('collection_items as ci', 'ci.id', 'o.item_id')
    .innerJoin('users as u', (join) =>
      join.on(sql<boolean>`u.id = case when o.from_user = ${userId} then o.to_user else o.from_user end`),
    )
    .leftJoin('offer_deals as d', 'd.offer_id', 'o.id')
    .where((eb) => eb.or([eb('o.from_user', '=', userId), eb('o.to_user', '=', userId)]))
    .where(notBlockedBy(userId, 'u.id'))
    .select([
      'o.id',
      'o.from_user',
      'o.status',
      'o.amount_cents',
      'o.awaiting',
      'ci.id as item_id',
      'ci.card_id',
      'ci.card_name',
      'ci.card_number',
      'ci.set_id',
      'ci.grade',
      'ci.grading_company',
      'u.id as other_id',
      'u.username as other_username',
      'd.status as deal_status',
      'd.buyer_done_at',
      'd.owner_done_at',
    ])
    .select(activityOf(database).as('activity_at'))
    .select(
      sql<boolean | number>`exists (
        select 1 from notifications n
        where n.user_id = ${userId} and n.offer_id = o.id and n.read_at is null)`.as('unread'),
    );
  let page = database.db.selectFrom(rows.as('x')).selectAll();
  if (cursor) {
    page = page.where((eb) =>
      eb.or([
        eb('x.activity_at', '<', cursor.at),
        eb.and([eb('x.activity_at', '=', cursor.at), eb('x.id', '<', cursor.id)]),
      ]),
    );
  }
  return page
    .orderBy('x.activity_at', 'desc')
    .orderBy('x.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export type InboxDbRow = Awaited<ReturnType<typeof listInbox>>[number];
