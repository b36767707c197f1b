import { type RawBuilder, sql } from 'kysely';

/**
 * The username of the offer's other collector as seen by the notification's collector: the one who took the
 * step it tells of. Null for a notification about no offer. Read where `notifications` is aliased `n`.
 */
export function offerActorOfNotification(): RawBuilder<string | null> {
  return sql<string | null>`(
    select a.username from offers o
    join users a on a.id = case when o.from_user = n.user_id then o.to_user else o.from_user end
    where o.id = n.offer_id)`;
}
