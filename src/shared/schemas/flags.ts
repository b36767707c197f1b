import { z } from 'zod';
import { SET_IDS } from '../sets.ts';

/** The admin review queue of flagged sales (docs/product.md §11). */
export const FLAG_STATUSES = ['open', 'confirmed', 'cleared'] as const;

export const FlagQueueQuerySchema = z.object({
  status: z.enum(FLAG_STATUSES, 'status is open, confirmed or cleared.').default('open'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const QueuedFlagSchema = z.object({
  saleId: z.string(),
  code: z.string(),
  reason: z.string(),
  status: z.enum(FLAG_STATUSES),
  setId: z.enum(SET_IDS),
  cardName: z.string(),
  /** When the sale ended, ISO 8601. */
  date: z.string(),
  /** The sale's comparable price in US dollars. */
  price: z.number(),
  seller: z.string(),
  grader: z.string().nullable(),
  grade: z.number().nullable(),
  title: z.string().nullable(),
  listingUrl: z.string().nullable(),
  flaggedAt: z.string(),
  /** Who decided and when; null while open. */
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type QueuedFlag = z.infer<typeof QueuedFlagSchema>;

export const FlagQueueResponseSchema = z.object({
  flags: z.array(QueuedFlagSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type FlagQueueResponse = z.infer<typeof FlagQueueResponseSchema>;

export const FLAG_DECISIONS = ['confirm', 'clear', 'reopen'] as const;
export type FlagDecision = (typeof FLAG_DECISIONS)[number];

export const FlagParamsSchema = z.object({
  saleId: z.string().min(1).max(200),
  code: z.string().min(1).max(50),
  decision: z.enum(FLAG_DECISIONS, 'The decision is confirm, clear or reopen.'),
});

export const FlagDecisionResponseSchema = z.object({
  flag: QueuedFlagSchema,
  /** Whether the sale is now left out of statistics. */
  excluded: z.boolean(),
});
