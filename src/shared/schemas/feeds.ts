import { z } from 'zod';
import { SET_IDS } from '../sets.ts';
import { IMPORT_FORMATS } from './admin.ts';
import { SetIdSchema } from './common.ts';

/** The admin Feeds API (docs/product.md §7 Feeds). Secrets go in, and only whether each is set comes out. */

export const FEED_ADAPTERS = ['ebay', 'url', 'folder'] as const;
export type FeedAdapter = (typeof FEED_ADAPTERS)[number];
export const FEED_ADAPTER_LABELS: Record<FeedAdapter, string> = {
  ebay: 'eBay Marketplace Insights',
  url: 'Sales file at a URL',
  folder: 'Drop folder',
};
export const FEED_RUN_STATUSES = ['queued', 'running', 'retrying', 'succeeded', 'failed'] as const;
/** eBay's category of individual trading cards (CCG Individual Cards). */
export const EBAY_CARD_CATEGORY = '183454';
/** Marketplace Insights keeps 90 days of sales. */
export const EBAY_MAX_LOOKBACK_DAYS = 90;
/** A run keeps this many refused rows with their reasons; the count goes on beyond it. */
export const MAX_KEPT_REFUSALS = 1000;
/** Feeds there can be at once: each one's runs share the server with everyone's requests. */
export const MAX_FEEDS = 50;
/** The shortest time between two scheduled runs of one feed. */
export const MIN_MINUTES_BETWEEN_RUNS = 5;

export const FEED_MESSAGES = {
  tooMany: `There are ${MAX_FEEDS} feeds, the most there can be. Delete one to add another.`,
  runUnderWay: 'This feed has a run under way. Wait for it to finish.',
  deleteWhileRunning: 'This feed has a run under way. Wait for it to finish, then delete the feed.',
  credentialsInUrl:
    'Leave the user name and password out of the address: give them as the Authorization header.',
} as const;

const FEED_NAME_MAX = 80;
/** Five fields: minute, hour, day of month, month, day of week (UTC). Checked in full by the server. */
const ScheduleSchema = z
  .string()
  .trim()
  .regex(
    /^\S+( \S+){4}$/,
    'Give a schedule in cron syntax with five fields, e.g. "0 6 * * *" (daily at 06:00 UTC).',
  );

const secret = z.string().trim().min(1).max(500);

const EbaySettingsSchema = z.object({
  marketplaceId: z
    .string()
    .regex(/^EBAY_[A-Z]{2,3}$/, 'A marketplace id looks like EBAY_US.')
    .default('EBAY_US'),
  categoryIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'Category ids are numbers separated by commas.')
    .default(EBAY_CARD_CATEGORY),
  sets: z
    .array(SetIdSchema)
    .min(1, 'Choose at least one set.')
    .default([...SET_IDS]),
  /** Added to the API's filter parameter as given, e.g. `price:[50..],priceCurrency:USD`. */
  filter: z.string().trim().max(500).optional(),
  lookbackDays: z.number().int().min(1).max(EBAY_MAX_LOOKBACK_DAYS).default(EBAY_MAX_LOOKBACK_DAYS),
});

const UrlSettingsSchema = z.object({
  url: z.url({ protocol: /^https?$/, message: 'Give an http:// or https:// address.' }).refine((url) => {
    const { username, password } = new URL(url);
    return !username && !password;
  }, FEED_MESSAGES.credentialsInUrl),
  format: z.enum(IMPORT_FORMATS).optional(),
});

const FolderSettingsSchema = z.object({
  folder: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/,
      'A folder name of letters, digits, - and _ (it lives in the server’s feeds folder).',
    ),
});

const name = z.string().trim().min(1, 'Give the feed a name.').max(FEED_NAME_MAX);

export const CreateFeedBodySchema = z.discriminatedUnion('adapter', [
  z.object({
    adapter: z.literal('ebay'),
    name,
    schedule: ScheduleSchema,
    settings: EbaySettingsSchema,
    secrets: z.object({ clientId: secret, clientSecret: secret }),
  }),
  z.object({
    adapter: z.literal('url'),
    name,
    schedule: ScheduleSchema,
    settings: UrlSettingsSchema,
    /** Sent as the Authorization header, e.g. `Bearer …`. */
    secrets: z.object({ authorization: secret.optional() }).default({}),
  }),
  z.object({
    adapter: z.literal('folder'),
    name,
    schedule: ScheduleSchema,
    settings: FolderSettingsSchema,
    secrets: z.object({}).default({}),
  }),
]);
export type CreateFeedBody = z.input<typeof CreateFeedBodySchema>;
export type FeedDefinition = z.output<typeof CreateFeedBodySchema>;
export type EbaySettings = z.output<typeof EbaySettingsSchema>;
export type UrlSettings = z.output<typeof UrlSettingsSchema>;
export type FolderSettings = z.output<typeof FolderSettingsSchema>;

export const FeedRunSchema = z
  .object({
    id: z.string(),
    feedId: z.string(),
    trigger: z.enum(['schedule', 'manual']),
    status: z.enum(FEED_RUN_STATUSES),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    attempts: z.number(),
    nextAttemptAt: z.string().nullable(),
    stored: z.number(),
    duplicates: z.number(),
    refused: z.number(),
    errors: z.number(),
    /** Work done and to do in the adapter's unit (cards queried, files, bytes); total 0 while unknown. */
    progress: z.object({ done: z.number(), total: z.number() }),
    lastError: z.string().nullable(),
  })
  .meta({ id: 'FeedRun' });
export type FeedRun = z.infer<typeof FeedRunSchema>;

export const FeedSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    adapter: z.enum(FEED_ADAPTERS),
    schedule: z.string(),
    settings: z.record(z.string(), z.unknown()),
    /** Which secrets are set, never their values. */
    secretsSet: z.record(z.string(), z.boolean()),
    paused: z.boolean(),
    nextRunAt: z.string().nullable(),
    createdAt: z.string(),
    /** The newest run, under way or finished. */
    latestRun: FeedRunSchema.nullable(),
  })
  .meta({ id: 'Feed' });
export type Feed = z.infer<typeof FeedSchema>;

export const FeedsResponseSchema = z.object({ feeds: z.array(FeedSchema) });
export const FeedIdParamsSchema = z.object({ feedId: z.string().min(1).max(100) });
export const RunIdParamsSchema = z.object({ runId: z.string().min(1).max(100) });
export const FeedRunsResponseSchema = z.object({ runs: z.array(FeedRunSchema) });

export const FeedRunDetailSchema = z.object({
  run: FeedRunSchema,
  refusals: z.array(z.object({ title: z.string().nullable(), reason: z.string() })),
  errors: z.array(z.object({ at: z.string(), message: z.string() })),
});
export type FeedRunDetail = z.infer<typeof FeedRunDetailSchema>;
