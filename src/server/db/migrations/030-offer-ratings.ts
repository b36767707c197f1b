import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

/**
 * Ratings after a deal (docs/decisions/052-ratings-after-a-deal.md).
 *
 * `offer_ratings` holds what each party of a completed deal said of the other: 1 to 5 stars and an optional
 * comment. The primary key (offer_id, rater_id) lets each party rate once per deal, even when two submits
 * reach the database at once. `offer_ratings_ratee` serves a collector's reputation (count and sum of stars)
 * and their ratings newest first off the index alone.
 */
export function offerRatings(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('offer_ratings')
        .addColumn('offer_id', 'text', (c) =>
          c.notNull().references('offer_deals.offer_id').onDelete('cascade'),
        )
        .addColumn('rater_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('ratee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('stars', 'integer', (c) => c.notNull().check(sql`stars between 1 and 5`))
        .addColumn('comment', 'text')
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addPrimaryKeyConstraint('offer_ratings_pk', ['offer_id', 'rater_id'])
        .addCheckConstraint('offer_ratings_other_party', sql`rater_id <> ratee_id`)
        .execute();
      await db.schema
        .createIndex('offer_ratings_ratee')
        .on('offer_ratings')
        .columns(['ratee_id', 'created_at', 'stars'])
        .execute();
    },
  };
}
