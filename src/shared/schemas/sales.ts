import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PERIODS,
  SALE_GRADERS,
  SALE_SOURCES,
  SALE_TYPES,
} from '#shared/sales-constants.ts';
import { SET_IDS } from '../sets.ts';
import { SetIdSchema } from './common.ts';

/** GET /api/sales/analysis and its CSV twin (docs/product.md §7). Money is US dollars with up to two decimals. */
export const AnalysisQuerySchema = z.object({
  set: SetIdSchema.default('base_set'),
  card: z.string().trim().min(1, 'Enter a card name.').max(100, 'Card names are at most 100 characters.'),
  period: z.enum(PERIODS).default('all'),
  grader: z.enum(SALE_GRADERS).optional(),
  grade: z.coerce.number().min(1).max(10).multipleOf(0.5).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** Count flagged, excluded sales in the statistics and chart too (docs/product.md §11). */
  includeFlagged: z
    .enum(['true', 'false'], 'includeFlagged is true or false.')
    .default('false')
    .transform((value) => value === 'true'),
});
export type AnalysisQuery = z.infer<typeof AnalysisQuerySchema>;

export const SalesStatsSchema = z.object({
  count: z.number().int(),
  low: z.number(),
  median: z.number(),
  high: z.number(),
  average: z.number(),
  /** Sum of the prices of every sale in the period. */
  totalVolume: z.number(),
  /** Price of the newest sale. */
  lastSale: z.number(),
  /** (lastSale − average) / average × 100, two decimals; 0 when there are no sales. */
  percentFromAverage: z.number(),
});
export type SalesStats = z.infer<typeof SalesStatsSchema>;

/** The analysis's statistics, with how many sales of the period and filter are flagged and left out. */
export const AnalysisStatsSchema = SalesStatsSchema.extend({
  /** When the newest sale counted in the figures ended (the one lastSale is the price of), ISO 8601; null with none. */
  lastSaleDate: z.string().nullable(),
  /** Flagged sales of the period and filter; left out of the figures unless includeFlagged=true. */
  excludedCount: z.number().int(),
});
export type AnalysisStats = z.infer<typeof AnalysisStatsSchema>;

const TimeSeriesSchema = z.object({ t: z.array(z.number()), p: z.array(z.number()) });

/** Columnar series for the chart: t is milliseconds since the epoch, p the price in dollars. */
export const SeriesSchema = z.object({
  points: TimeSeriesSchema.extend({
    /** Each point's grade: its index in gradeLines, or -1 for any other grade. */
    g: z.array(z.number().int()),
  }),
  /** Rolling median of the price, in time order. */
  median: TimeSeriesSchema,
  /**
   * The grade ladder's top grades among these sales (the first three with at least two sales, PSA first and
   * grades high to low), each with the rolling median of its own sales.
   */
  gradeLines: z.array(z.object({ grader: z.string(), grade: z.number(), median: TimeSeriesSchema })),
  /** True when points is a sample of the period's sales rather than all of them. */
  sampled: z.boolean(),
});
export type Series = z.infer<typeof SeriesSchema>;

export const SaleSchema = z.object({
  saleId: z.string(),
  /** When the sale ended, ISO 8601. */
  date: z.string(),
  price: z.number(),
  seller: z.string(),
  /** Seller feedback rating (percent positive) at the time of sale, when known. */
  sellerRating: z.number().nullable(),
  /** The listing photo, or null when the sale has none (show the card art instead). */
  imageUrl: z.string().nullable(),
  grader: z.string().nullable(),
  grade: z.number().nullable(),
  saleType: z.enum(SALE_TYPES).nullable(),
  /** The listing's title, when the source gave one. */
  title: z.string().nullable(),
  /** The listing's address (http or https only). */
  listingUrl: z.string().nullable(),
  /** The slab's certificate number; GET /api/slabs/{grader}/{cert} lists its sales. */
  certNumber: z.string().nullable(),
  source: z.enum(SALE_SOURCES).nullable(),
  /**
   * The price as sold when it was not in US dollars (without buyer's premium); `price` is the comparable
   * US dollar price: price plus buyer's premium, without shipping, at the sale day's reference rate.
   */
  originalPrice: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  /** Buyer's premium and shipping in the currency of the sale, when known. */
  buyerPremium: z.number().nullable(),
  shipping: z.number().nullable(),
  /** True when the sale was a Best Offer and `price` is the accepted offer, not the list price. */
  bestOfferAccepted: z.boolean(),
  /** Why the sale is doubtful; a flag an admin has cleared is not listed. */
  flags: z.array(z.object({ code: z.string(), reason: z.string(), status: z.enum(['open', 'confirmed']) })),
  /** True when the sale is left out of statistics, the chart, the ladder and estimates (a flag not cleared). */
  excluded: z.boolean(),
});
export type Sale = z.infer<typeof SaleSchema>;

export const GradeOptionSchema = z.object({ grader: z.string(), grade: z.number(), count: z.number().int() });

export const AnalysisResponseSchema = z.object({
  /** Catalogue name (with ` non-holo` for rare prints), or the name as typed when no card matched. */
  cardName: z.string(),
  cardNumber: z.string(),
  rarity: z.string(),
  cardId: z.string().nullable(),
  setId: z.enum(SET_IDS),
  imageUrl: z.string().nullable(),
  period: z.enum(PERIODS),
  /** Whether flagged sales were counted (includeFlagged). */
  includeFlagged: z.boolean(),
  stats: AnalysisStatsSchema,
  series: SeriesSchema,
  /**
   * Grader and grade combinations that have sales in the period, for the filter; each count is of the sales
   * that count in the figures (flagged ones only with includeFlagged), as the ladder counts them.
   */
  gradeOptions: z.array(GradeOptionSchema),
  sales: z.array(SaleSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AnalysisResponse = z.infer<typeof AnalysisResponseSchema>;

export const SuggestionsQuerySchema = z.object({
  set: SetIdSchema.default('base_set'),
  q: z.string().max(100).default(''),
});
export const SuggestionsResponseSchema = z.object({ suggestions: z.array(z.string()).max(10) });

export const ConsignmentAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  rating: z.number(),
  ratingMax: z.number(),
  specialties: z.array(z.string()),
  fee: z.string(),
});
export type ConsignmentAgent = z.infer<typeof ConsignmentAgentSchema>;
export const ConsignmentAgentsResponseSchema = z.object({ agents: z.array(ConsignmentAgentSchema) });
