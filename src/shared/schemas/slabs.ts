import { z } from 'zod';
import { SALE_GRADERS, SALE_SOURCES } from '../sales-constants.ts';
import { SET_IDS } from '../sets.ts';

/** GET /api/slabs/{grader}/{cert}: every sale of one certificate (docs/product.md §11). */
export const SlabParamsSchema = z.object({
  grader: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(SALE_GRADERS, { error: 'The grader is PSA, BGS, CGC, SGC or TAG.' })),
  cert: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,30}$/, 'A certificate number is 1 to 30 letters, digits or dashes.')
    .transform((value) => value.toUpperCase()),
});

export const SlabSaleSchema = z.object({
  saleId: z.string(),
  /** When the sale ended, ISO 8601. */
  date: z.string(),
  setId: z.enum(SET_IDS),
  cardName: z.string(),
  cardNumber: z.string(),
  grade: z.number().nullable(),
  /** The comparable price in US dollars. */
  price: z.number(),
  source: z.enum(SALE_SOURCES).nullable(),
  seller: z.string(),
  listingUrl: z.string().nullable(),
  /** Left out of statistics because of a flag. */
  excluded: z.boolean(),
  /** Price change since the slab's previous sale; null for its first. */
  change: z.object({ amount: z.number(), percent: z.number() }).nullable(),
});
export type SlabSale = z.infer<typeof SlabSaleSchema>;

export const SlabHistorySchema = z.object({
  grader: z.enum(SALE_GRADERS),
  certNumber: z.string(),
  /** Oldest first. */
  sales: z.array(SlabSaleSchema),
});
export type SlabHistory = z.infer<typeof SlabHistorySchema>;
