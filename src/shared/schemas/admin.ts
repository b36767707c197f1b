import { z } from 'zod';
import { MESSAGES } from '../errors.ts';
import { PERIODS } from '../sales-constants.ts';
import { SET_IDS } from '../sets.ts';
import { SetIdSchema } from './common.ts';
import { InquirySchema } from './inquiries.ts';

/** The admin screen's API (docs/product.md §7). Money is US dollars with up to two decimals. */

/** docs/product.md §9: the day panels open on yesterday. */
export const DEFAULT_DAY_OFFSET = 1;
/** How far back the day panels can walk: ten years. */
export const MAX_DAY_OFFSET = 3650;
/** One delete or restore request names at most this many sales. */
export const MAX_SALES_PER_CHANGE = 500;
/** The most sales one day panel or one search lists (newest first); `total` tells how many there are. */
export const MAX_LISTED_SALES = 500;
export const DEFAULT_DELETED_LIMIT = 50;
export const MAX_IMPORT_MEGABYTES = 200;
export const IMPORT_FORMATS = ['json', 'jsonl', 'csv'] as const;

const DAY_MS = 86_400_000;

/** The calendar day (UTC) `offset` days before the day of `now`, YYYY-MM-DD: what a day offset means. */
export function dayBefore(offset: number, now: number = Date.now()): string {
  return new Date(now - offset * DAY_MS).toISOString().slice(0, 10);
}

export const AdminSaleSchema = z
  .object({
    saleId: z.string(),
    cardId: z.string(),
    cardName: z.string(),
    cardNumber: z.string(),
    rarity: z.string(),
    price: z.number(),
    /** When the sale ended, ISO 8601. */
    date: z.string(),
    seller: z.string(),
    /** The listing photo, or null when the sale has none (show the card art instead). */
    imageUrl: z.string().nullable(),
    grader: z.string().nullable(),
    grade: z.number().nullable(),
  })
  .meta({ id: 'AdminSale' });
export type AdminSale = z.infer<typeof AdminSaleSchema>;

export const SalesByDayQuerySchema = z.object({
  set: SetIdSchema.default('base_set'),
  offset: z.coerce
    .number()
    .int('The day offset is a whole number of days.')
    .min(1, 'The day offset starts at 1 (yesterday).')
    .max(MAX_DAY_OFFSET, `The day offset is at most ${MAX_DAY_OFFSET} days.`)
    .default(DEFAULT_DAY_OFFSET),
});

export const SalesByDayResponseSchema = z.object({
  setId: z.enum(SET_IDS),
  /** The calendar day (UTC) `offset` days before today, YYYY-MM-DD. */
  date: z.string(),
  sales: z.array(AdminSaleSchema),
  /** Sales on that day; more than `sales` holds when the day has over MAX_LISTED_SALES. */
  total: z.number().int(),
});
export type SalesByDayResponse = z.infer<typeof SalesByDayResponseSchema>;

export const AdminSearchQuerySchema = z.object({
  set: SetIdSchema.default('base_set'),
  card: z.string().trim().min(1, 'Enter a card name.').max(100, 'Card names are at most 100 characters.'),
  period: z.enum(PERIODS).default('all'),
});

export const AdminSearchResponseSchema = z.object({
  /** The catalogue name the search resolved to, or the name as typed (normalised) when none matched. */
  cardName: z.string(),
  cardNumber: z.string(),
  rarity: z.string(),
  setId: z.enum(SET_IDS),
  sales: z.array(AdminSaleSchema),
  total: z.number().int(),
});
export type AdminSearchResponse = z.infer<typeof AdminSearchResponseSchema>;

/** POST /api/admin/sales/delete and /restore. docs/product.md §5: a request without a sale id is refused. */
export const SaleIdsBodySchema = z.object(
  {
    saleIds: z
      .array(z.string({ error: MESSAGES.cardIdMissing }).trim().min(1, MESSAGES.cardIdMissing).max(200), {
        error: MESSAGES.cardIdMissing,
      })
      .min(1, MESSAGES.cardIdMissing)
      .max(MAX_SALES_PER_CHANGE, `Change at most ${MAX_SALES_PER_CHANGE} sales at a time.`),
  },
  { error: MESSAGES.cardIdMissing },
);

export const DeleteSalesResponseSchema = z.object({ deleted: z.number().int() });
export const RestoreSalesResponseSchema = z.object({ restored: z.number().int() });

export const DeletedSalesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LISTED_SALES).default(DEFAULT_DELETED_LIMIT),
});

export const DeletedSaleSchema = AdminSaleSchema.extend({
  setId: z.enum(SET_IDS),
  deletedAt: z.string(),
  /** The admin who deleted it; username is null when that account no longer exists. */
  deletedBy: z.object({ id: z.string(), username: z.string().nullable() }),
}).meta({ id: 'DeletedSale' });
export type DeletedSale = z.infer<typeof DeletedSaleSchema>;

export const DeletedSalesResponseSchema = z.object({
  sales: z.array(DeletedSaleSchema),
  total: z.number().int(),
});
export type DeletedSalesResponse = z.infer<typeof DeletedSalesResponseSchema>;

export const ImportQuerySchema = z.object({
  /** Read the file as this format instead of guessing from its first character. */
  format: z.enum(IMPORT_FORMATS).optional(),
});

export const ImportSummarySchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  read: z.number().int(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  /** The first rejected rows: line (JSON: position in the array) and why. */
  rejects: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export const AdminInquiriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const AdminInquiriesResponseSchema = z.object({ inquiries: z.array(InquirySchema) });
export type AdminInquiriesResponse = z.infer<typeof AdminInquiriesResponseSchema>;
