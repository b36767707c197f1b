import { type Kysely, sql } from 'kysely';
import type { Reputation } from '#shared/schemas/ratings.ts';
import type { Database } from '../../db/schema.ts';

type Count = number | string | bigint;

/**
 * A collector's reputation as three columns of the query they are selected in, for the user whose id is
 * `userColumn`: one query answers a whole page of collectors. Each is an indexed lookup: ratings by
 * offer_ratings_ratee, completed deals through the collector's offers (offers_from, offers_to) and each offer's
 * deal by its key. A collector is never both parties of one offer, so the two counts do not overlap.
 */
export function reputationColumns(userColumn: string) {
  const user = sql.ref(userColumn);
  const completedAs = (party: 'from_user' | 'to_user') =>
    sql<Count>`(select count(*) from offers ro join offer_deals rd on rd.offer_id = ro.id
      where ro.${sql.ref(party)} = ${user} and rd.status = 'completed')`;
  return [
    sql<Count>`(select count(*) from offer_ratings rr where rr.ratee_id = ${user})`.as('rating_count'),
    sql<Count | null>`(select sum(rr.stars) from offer_ratings rr where rr.ratee_id = ${user})`.as(
      'rating_stars',
    ),
    sql<Count>`(${completedAs('from_user')} + ${completedAs('to_user')})`.as('completed_deals'),
  ] as const;
}

export interface ReputationRow {
  rating_count: Count;
  rating_stars: Count | null;
  completed_deals: Count;
}

/** The average of the stars, rounded to one decimal (half up), from their sum and count; null without any. */
export function toReputation(row: ReputationRow): Reputation {
  const count = Number(row.rating_count);
  const stars = Number(row.rating_stars ?? 0);
  return {
    average: count === 0 ? null : Math.round((stars * 10) / count) / 10,
    count,
    completedDeals: Number(row.completed_deals),
  };
}

/** The latest ratings a collector received, newest first, with who gave them (offer_ratings_ratee). */
export function listReceivedRatings(db: Kysely<Database>, userId: string, limit: number) {
  return db
    .selectFrom('offer_ratings as r')
    .innerJoin('users as u', 'u.id', 'r.rater_id')
    .select(['r.stars', 'r.comment', 'r.created_at', 'u.id as rater_id', 'u.username as rater_username'])
    .where('r.ratee_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.offer_id', 'desc')
    .limit(limit)
    .execute();
}
