import { z } from 'zod';
import { ESTIMATE_BASES } from '#shared/estimate-rules.ts';
import { PERIODS, SALE_GRADERS } from '#shared/sales-constants.ts';
import { SET_IDS } from '../sets.ts';
import { SetIdSchema } from './common.ts';

/**
 * The grade ladder, slab estimates and collection value (docs/product.md §3 and §7). Money is US dollars with
 * up to two decimals; dates are ISO 8601.
 */
const cardName = z
  .string()
  .trim()
  .min(1, 'Enter a card name.')
  .max(100, 'Card names are at most 100 characters.');
const grade = z.coerce.number().min(1).max(10).multipleOf(0.5);
/** Count flagged (excluded) sales too, as the analysis's own parameter does. */
const includeFlagged = z
  .enum(['true', 'false'], 'includeFlagged is true or false.')
  .default('false')
  .transform((value) => value === 'true');

export const LadderQuerySchema = z.object({
  set: SetIdSchema.default('base_set'),
  card: cardName,
  period: z.enum(PERIODS).default('all'),
  includeFlagged,
});
export type LadderQuery = z.infer<typeof LadderQuerySchema>;

export const LadderRowSchema = z.object({
  grader: z.string(),
  grade: z.number(),
  /** Sales of this grader and grade in the period. */
  count: z.number().int(),
  median: z.number(),
  low: z.number(),
  high: z.number(),
  /** First and third quartiles (docs/product.md §3 defines them). */
  q1: z.number(),
  q3: z.number(),
  lastSale: z.object({ price: z.number(), date: z.string() }),
  /**
   * Percent change of the median of the last 90 days against the 90 days before, two decimals; null when
   * either side has fewer than 3 sales. It looks at those 180 days whatever the period.
   */
  change90d: z.number().nullable(),
  /** This median ÷ the median of the next lower grade of the same grader in the ladder; null for none. */
  multiplierToNext: z.number().nullable(),
});
export type LadderRow = z.infer<typeof LadderRowSchema>;

/** PSA's latest known population at a grade (docs/decisions/050-psa-certificates-as-cards.md). */
export const PsaPopulationSchema = z.object({
  grade: z.number(),
  /** How many PSA has graded at this grade, and above it. */
  total: z.number().int(),
  higher: z.number().int(),
  /** When a certificate lookup brought these figures. */
  asOf: z.string(),
});
export type PsaPopulation = z.infer<typeof PsaPopulationSchema>;

export const LadderResponseSchema = z.object({
  cardId: z.string().nullable(),
  cardName: z.string(),
  setId: z.enum(SET_IDS),
  period: z.enum(PERIODS),
  /** PSA, BGS, CGC, SGC, then any other grader by name; each grader's grades high to low. */
  rows: z.array(LadderRowSchema),
  /** PSA's latest known population of the card's 1st Edition print per grade, highest first; empty for none. */
  psaPopulations: z.array(PsaPopulationSchema),
});
export type LadderResponse = z.infer<typeof LadderResponseSchema>;

export const PopulationsQuerySchema = LadderQuerySchema.pick({ set: true, card: true });
export type PopulationsQuery = z.infer<typeof PopulationsQuerySchema>;

/** One day's observation of PSA's population at a grade: the day's last certificate lookup. */
export const DailyPopulationSchema = PsaPopulationSchema.extend({
  /** The day of the observation, YYYY-MM-DD (UTC). */
  observedOn: z.string(),
});

export const PopulationsResponseSchema = z.object({
  cardId: z.string().nullable(),
  cardName: z.string(),
  setId: z.enum(SET_IDS),
  /**
   * Every day's observation of the card's 1st Edition print, highest grade first and each grade's oldest day
   * first; empty when no lookup brought any.
   */
  observations: z.array(DailyPopulationSchema),
});
export type PopulationsResponse = z.infer<typeof PopulationsResponseSchema>;

export const EstimateQuerySchema = z.object({
  set: SetIdSchema.default('base_set'),
  card: cardName,
  grader: z.enum(SALE_GRADERS, { error: 'Choose a grader: PSA, BGS, CGC or SGC.' }),
  grade: grade.meta({ description: '1 to 10 in steps of 0.5' }),
  includeFlagged,
});
export type EstimateQuery = z.infer<typeof EstimateQuerySchema>;

export const SlabEstimateSchema = z.object({
  /** Null when nothing supports a number (basis none). */
  estimate: z.number().nullable(),
  /** The 80 % band: the weighted 10th and 90th percentiles. */
  low: z.number().nullable(),
  high: z.number().nullable(),
  basis: z.enum(ESTIMATE_BASES),
  /** How many sales the estimate stands on (both neighbouring grades' for neighbour-grades). */
  comps: z.number().int(),
  /** How far back the sales go, in days; null for none. */
  windowDays: z.number().int().nullable(),
  /** The grades the estimate was scaled from (neighbour-grades only; otherwise empty). */
  neighbourGrades: z.array(z.number()),
  /** The instant the estimate is for. */
  asOf: z.string(),
});
export type SlabEstimate = z.infer<typeof SlabEstimateSchema>;

export const CollectionEstimatesResponseSchema = z.object({
  /** Every collected card that can be valued (docs/product.md §3), with its estimate. */
  estimates: z.array(SlabEstimateSchema.extend({ itemId: z.string() })),
});
export type CollectionEstimatesResponse = z.infer<typeof CollectionEstimatesResponseSchema>;

export const CollectionValueResponseSchema = z.object({
  /** The sum of the valued cards' estimates. */
  total: z.number(),
  /** Collected cards with an estimate. */
  counted: z.number().int(),
  /** Collected cards without one: ungraded, not a 1st Edition print, or no sales to support a number. */
  uncounted: z.number().int(),
  /** The same cards' value at the end of each of the last 52 weeks (Sundays, UTC), oldest first. */
  history: z.array(z.object({ date: z.string(), total: z.number() })),
});
export type CollectionValueResponse = z.infer<typeof CollectionValueResponseSchema>;
