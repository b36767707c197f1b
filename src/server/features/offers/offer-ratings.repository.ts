import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { enqueueOfferStepAlert } from '../../notifications/notification-outbox.repository.ts';
import { findOfferOfParty } from './offers.repository.ts';

type Db = Kysely<Database>;

/** What stopped a rating: no such offer of the user's, a deal not (yet) completed, or rated already. */
export type RatingRefusal = 'missing' | 'not-completed' | 'already-rated';

export interface NewRating {
  offerId: string;
  raterId: string;
  stars: number;
  comment: string | null;
  at: string;
}

/**
 * The rater's rating of the other party, stored only while the offer's deal is completed: the insert itself
 * checks, and the primary key (offer, rater) makes a second rating do nothing, so two submits at once store
 * one and the other is told it was rated already. The rated party's notification goes in the same
 * transaction.
 */
export function insertRating(
  db: Db,
  rating: NewRating,
): Promise<{ outcome: 'done'; rateeId: string } | { outcome: RatingRefusal }> {
  return db.transaction().execute(async (trx) => {
    const offer = await findOfferOfParty(trx, rating.offerId, rating.raterId);
    if (!offer) return { outcome: 'missing' as const };
    const rateeId = offer.from_user === rating.raterId ? offer.to_user : offer.from_user;
    const inserted = await trx
      .insertInto('offer_ratings')
      .columns(['offer_id', 'rater_id', 'ratee_id', 'stars', 'comment', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('offer_deals')
          .select([
            'offer_id',
            eb.val(rating.raterId).as('rater_id'),
            eb.val(rateeId).as('ratee_id'),
            eb.val(rating.stars).as('stars'),
            eb.val(rating.comment).as('comment'),
            eb.val(rating.at).as('created_at'),
          ])
          .where('offer_id', '=', rating.offerId)
          .where('status', '=', 'completed'),
      )
      .onConflict((conflict) => conflict.columns(['offer_id', 'rater_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
      await enqueueOfferStepAlert(trx, rating.offerId, 'rated', rating.raterId);
      return { outcome: 'done' as const, rateeId };
    }
    const existing = await trx
      .selectFrom('offer_ratings')
      .select('offer_id')
      .where('offer_id', '=', rating.offerId)
      .where('rater_id', '=', rating.raterId)
      .executeTakeFirst();
    return { outcome: existing ? ('already-rated' as const) : ('not-completed' as const) };
  });
}

/** One rating with the usernames of who gave it and who received it. */
export function findRating(db: Db, offerId: string, raterId: string) {
  return db
    .selectFrom('offer_ratings as r')
    .innerJoin('users as rater', 'rater.id', 'r.rater_id')
    .innerJoin('users as ratee', 'ratee.id', 'r.ratee_id')
    .select([
      'r.offer_id',
      'r.stars',
      'r.comment',
      'r.created_at',
      'rater.id as rater_id',
      'rater.username as rater_username',
      'ratee.id as ratee_id',
      'ratee.username as ratee_username',
    ])
    .where('r.offer_id', '=', offerId)
    .where('r.rater_id', '=', raterId)
    .executeTakeFirst();
}

/** The ratings the offer's two parties gave each other, each named by the rater's party. */
export function listDealRatings(db: Db, offerId: string) {
  return db
    .selectFrom('offer_ratings as r')
    .innerJoin('offers as o', 'o.id', 'r.offer_id')
    .select((eb) => [
      eb
        .case()
        .when('r.rater_id', '=', eb.ref('o.from_user'))
        .then('buyer' as const)
        .else('owner' as const)
        .end()
        .as('party'),
      'r.stars',
      'r.comment',
      'r.created_at',
    ])
    .where('r.offer_id', '=', offerId)
    .orderBy('r.created_at')
    .orderBy('r.rater_id')
    .execute();
}
