import { OFFER_MESSAGES } from '#shared/schemas/offers.ts';
import {
  type DealRating,
  type OfferRating,
  RATING_MESSAGES,
  type ValidRating,
} from '#shared/schemas/ratings.ts';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import * as repo from './offer-ratings.repository.ts';

type Context = Pick<AppContext, 'database' | 'live'>;

const RATING_REFUSALS: Record<repo.RatingRefusal, () => AppError> = {
  missing: () => notFound(OFFER_MESSAGES.offerNotFound),
  'not-completed': () => new AppError(409, 'conflict', RATING_MESSAGES.notCompleted),
  'already-rated': () => new AppError(409, 'conflict', RATING_MESSAGES.alreadyRated),
};

/**
 * A party of a completed deal rates the other, once. Anyone else gets a 404 (the offer stays private); before
 * completion, or a second time, a 409. Both parties' offer pages hear of it, and so does every open page of
 * the rated collector's profile and of Source, where their reputation shows.
 */
export async function rateDeal(
  context: Context,
  userId: string,
  offerId: string,
  body: ValidRating,
  now: Date = new Date(),
): Promise<OfferRating> {
  const db = context.database.db;
  const result = await repo.insertRating(db, {
    offerId,
    raterId: userId,
    stars: body.stars,
    comment: body.comment ? body.comment : null,
    at: now.toISOString(),
  });
  if (result.outcome !== 'done') throw RATING_REFUSALS[result.outcome]();
  for (const party of [userId, result.rateeId]) {
    await context.live.publish({ type: 'offer', userId: party, to: [party] });
  }
  await context.live.publish({ type: 'profile', userId: result.rateeId });
  const rating = await repo.findRating(db, offerId, userId);
  if (!rating) throw notFound(OFFER_MESSAGES.offerNotFound);
  return {
    offerId: rating.offer_id,
    stars: rating.stars,
    comment: rating.comment,
    rater: { id: rating.rater_id, username: rating.rater_username },
    ratee: { id: rating.ratee_id, username: rating.ratee_username },
    createdAt: rating.created_at,
  };
}

/** The ratings an offer's parties gave each other, oldest first, for its detail. */
export async function dealRatings(context: Context, offerId: string): Promise<DealRating[]> {
  const rows = await repo.listDealRatings(context.database.db, offerId);
  return rows.map((row) => ({ by: row.party, stars: row.stars, comment: row.comment, at: row.created_at }));
}
