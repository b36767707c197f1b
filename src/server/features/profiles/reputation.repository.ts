import { type Kysely, sql } from 'kysely';
import type { Reputation } from '#shared/schemas/ratings.ts';
import type { Database } from '../../db/schema.ts';

type Count = number | string | bigint;

/**
 * A collector's reputation as three columns of the query they are selected in, read from the row of
 * `collector_reputation` the query left-joined as `alias` (migration 032 keeps it as ratings and deals are
 * written): one row by key per collector, however many ratings they have. A collector without one has
 * nothing yet.
 */
export function reputationColumns(alias: string) {
  const column = (name: keyof ReputationRow) =>
    sql<Count>`coalesce(${sql.ref(`${alias}.${name}`)}, 0)`.as(name);
  return [column('rating_count'), column('rating_stars'), column('completed_deals')] as const;
}

export interface ReputationRow {
  rating_count: Count;
  rating_stars: Count;
  completed_deals: Count;
}

/** The average of the stars, rounded to one decimal (half up), from their sum and count; null without any. */
export function toReputation(row: ReputationRow): Reputation {
  const count = Number(row.rating_count);
  const stars = Number(row.rating_stars);
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
