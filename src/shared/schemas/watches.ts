import { z } from 'zod';
import { SALE_GRADERS } from '../sales-constants.ts';
import { SET_IDS } from '../sets.ts';
import { centsFromDollars, SetIdSchema } from './common.ts';

/** docs/product.md §10: a collector watches at most this many cohorts. */
export const MAX_WATCHES = 100;
/** The largest price a watch's condition can name, in dollars. */
export const MAX_WATCH_PRICE = 10_000_000;

export const WATCH_MESSAGES = {
  cardRequired: 'Enter a card name.',
  cardTooLong: 'Card names are at most 100 characters.',
  grader: 'Choose a grader: PSA, BGS, CGC, SGC or TAG.',
  grade: 'Grade must be from 1 to 10 in steps of 0.5.',
  gradeNeedsGrader: 'Choose the grader of this grade.',
  belowNotAboveAbove: 'The "below" price must be higher than the "above" price, or no sale could match.',
  tooMany: `You are watching ${MAX_WATCHES} cards, the most there can be. Stop watching one to watch another.`,
  alreadyWatching: 'You are already watching this card with these conditions.',
  notFound: 'We could not find this watch.',
} as const;

const price = centsFromDollars({ max: MAX_WATCH_PRICE });

/** POST /api/watches: a catalogue card, optionally one grader and grade, optionally a price condition. */
export const CreateWatchBodySchema = z
  .object({
    set: SetIdSchema,
    card: z
      .string({ error: WATCH_MESSAGES.cardRequired })
      .trim()
      .min(1, WATCH_MESSAGES.cardRequired)
      .max(100, WATCH_MESSAGES.cardTooLong),
    grader: z.enum(SALE_GRADERS, { error: WATCH_MESSAGES.grader }).nullish(),
    grade: z
      .number({ error: WATCH_MESSAGES.grade })
      .min(1, WATCH_MESSAGES.grade)
      .max(10, WATCH_MESSAGES.grade)
      .multipleOf(0.5, WATCH_MESSAGES.grade)
      .nullish(),
    below: price.nullish().meta({ description: 'Alert only for sales below this many US dollars' }),
    above: price.nullish().meta({ description: 'Alert only for sales above this many US dollars' }),
  })
  .superRefine((body, ctx) => {
    if (body.grade != null && body.grader == null) {
      ctx.addIssue({ code: 'custom', path: ['grader'], message: WATCH_MESSAGES.gradeNeedsGrader });
    }
    if (body.below != null && body.above != null && body.below <= body.above) {
      ctx.addIssue({ code: 'custom', path: ['below'], message: WATCH_MESSAGES.belowNotAboveAbove });
    }
  });
export type CreateWatchBody = z.input<typeof CreateWatchBodySchema>;
export type ValidWatch = z.output<typeof CreateWatchBodySchema>;

const LatestSaleSchema = z.object({
  saleId: z.string(),
  date: z.string(),
  price: z.number(),
  grader: z.string().nullable(),
  grade: z.number().nullable(),
});

export const WatchSchema = z.object({
  id: z.string(),
  setId: z.enum(SET_IDS),
  cardId: z.string(),
  cardName: z.string(),
  cardNumber: z.string(),
  imageUrl: z.string(),
  grader: z.string().nullable(),
  grade: z.number().nullable(),
  /** US dollars, or null for no condition. */
  below: z.number().nullable(),
  above: z.number().nullable(),
  createdAt: z.string(),
});
export type Watch = z.infer<typeof WatchSchema>;

export const WatchResponseSchema = z.object({ watch: WatchSchema });
export type WatchResponse = z.infer<typeof WatchResponseSchema>;

export const WatchWithLatestSaleSchema = WatchSchema.extend({
  /** The newest sale of the watched cohort (flagged sales left out), or null when there is none. */
  latestSale: LatestSaleSchema.nullable(),
});

export const WatchesResponseSchema = z.object({
  watches: z.array(WatchWithLatestSaleSchema),
  total: z.number().int(),
});
export type WatchesResponse = z.infer<typeof WatchesResponseSchema>;

export const WatchIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
