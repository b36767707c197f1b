import { z } from 'zod';

/** docs/decisions/052-ratings-after-a-deal.md: each party of a completed deal rates the other once. */
export const MIN_RATING_STARS = 1;
export const MAX_RATING_STARS = 5;
export const MAX_RATING_COMMENT_LENGTH = 500;
/** A profile lists this many of the ratings a collector received, newest first; the count covers them all. */
export const MAX_LISTED_RATINGS = 20;

export const RATING_MESSAGES = {
  stars: 'Choose from 1 to 5 stars.',
  commentTooLong: 'Your comment can be at most 500 characters.',
  notCompleted:
    'You can rate the other collector once the deal is completed: both of you have marked it sent and received.',
  alreadyRated: 'You have already rated the other collector for this deal.',
} as const;

/** POST /api/offers/{id}/rating: whole stars, and a comment the rated collector and everyone else may read. */
export const RateBodySchema = z.object({
  stars: z
    .number({ error: RATING_MESSAGES.stars })
    .int(RATING_MESSAGES.stars)
    .min(MIN_RATING_STARS, RATING_MESSAGES.stars)
    .max(MAX_RATING_STARS, RATING_MESSAGES.stars)
    .meta({ description: 'A whole number of stars from 1 to 5' }),
  comment: z
    .string({ error: RATING_MESSAGES.commentTooLong })
    .trim()
    .max(MAX_RATING_COMMENT_LENGTH, RATING_MESSAGES.commentTooLong)
    .nullish()
    .meta({ description: 'Optional plain text, at most 500 characters once trimmed' }),
});
export type RateBody = z.input<typeof RateBodySchema>;
export type ValidRating = z.output<typeof RateBodySchema>;

const RatingPersonSchema = z.object({ id: z.string(), username: z.string() });

/** The answer of POST /api/offers/{id}/rating. */
export const OfferRatingSchema = z
  .object({
    offerId: z.string(),
    stars: z.number().int(),
    /** Plain text as written (trimmed); null without one. */
    comment: z.string().nullable(),
    rater: RatingPersonSchema,
    ratee: RatingPersonSchema,
    /** ISO 8601. */
    createdAt: z.string(),
  })
  .meta({ id: 'OfferRating' });
export type OfferRating = z.infer<typeof OfferRatingSchema>;

/** On GET /api/offers/{id}: the ratings its two parties have given, by party (the buyer, the owner). */
export const DealRatingSchema = z
  .object({
    by: z.enum(['buyer', 'owner']),
    stars: z.number().int(),
    comment: z.string().nullable(),
    /** ISO 8601. */
    at: z.string(),
  })
  .meta({ id: 'DealRating' });
export type DealRating = z.infer<typeof DealRatingSchema>;

/** What other collectors said of a collector after completed deals. */
export const ReputationSchema = z
  .object({
    /** The average of the stars received, to one decimal; null while there are none. */
    average: z.number().nullable(),
    /** How many ratings the collector received. */
    count: z.number().int(),
    /** Completed deals in which the collector was the buyer or the owner. */
    completedDeals: z.number().int(),
  })
  .meta({ id: 'Reputation' });
export type Reputation = z.infer<typeof ReputationSchema>;

/** One rating a collector received, as their profile lists it. */
export const ReceivedRatingSchema = z
  .object({
    stars: z.number().int(),
    comment: z.string().nullable(),
    rater: RatingPersonSchema,
    /** ISO 8601. */
    at: z.string(),
  })
  .meta({ id: 'ReceivedRating' });
export type ReceivedRating = z.infer<typeof ReceivedRatingSchema>;
