import { z } from 'zod';
import { RARITY_GROUPS } from '../catalogue.ts';
import {
  CERT_NUMBER_PATTERN,
  COLLECTION_LISTS,
  COLLECTION_MESSAGES,
  GRADING_COMPANIES,
  MAX_CERT_NUMBER_LENGTH,
  MAX_GRADE,
  MIN_GRADE,
  VARIANTS,
} from '../collection-rules.ts';
import { SET_IDS } from '../sets.ts';
import { SetIdSchema } from './common.ts';
import { ReputationSchema } from './ratings.ts';

/** An optional form field: absent, null and a blank string all mean "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    schema.optional(),
  );

/**
 * POST /api/users/me/collection (docs/product.md §5 add forms). Card Set and Card Name are required; the card must be
 * in that set's catalogue (checked by the server with resolveCollectionCard). Want to Buy cards carry neither
 * a cert number nor accepting offers.
 */
export const AddCollectionItemBodySchema = z
  .object({
    list: z.enum(COLLECTION_LISTS, { error: COLLECTION_MESSAGES.listRequired }),
    setId: z
      .string({ error: COLLECTION_MESSAGES.setRequired })
      .trim()
      .min(1, COLLECTION_MESSAGES.setRequired)
      .pipe(SetIdSchema)
      .meta({ description: 'base_set, jungle_set or fossil_set (base, jungle, fossil accepted)' }),
    cardName: z
      .string({ error: COLLECTION_MESSAGES.cardNameRequired })
      .trim()
      .min(1, COLLECTION_MESSAGES.cardNameRequired)
      .max(100, 'Card names are at most 100 characters.'),
    cardNumber: optional(z.string().trim().max(20, 'Card numbers are at most 20 characters.')).meta({
      description: 'As printed (`4/102`) or just the number (`4`); picks the print when a name has two',
    }),
    grade: optional(
      z
        .number({ error: COLLECTION_MESSAGES.grade })
        .int(COLLECTION_MESSAGES.grade)
        .min(MIN_GRADE, COLLECTION_MESSAGES.grade)
        .max(MAX_GRADE, COLLECTION_MESSAGES.grade),
    ),
    gradingCompany: optional(z.enum(GRADING_COMPANIES, { error: COLLECTION_MESSAGES.gradingCompany })),
    certNumber: optional(
      z
        .string({ error: COLLECTION_MESSAGES.certNumber })
        .trim()
        .max(MAX_CERT_NUMBER_LENGTH, COLLECTION_MESSAGES.certNumber)
        .regex(CERT_NUMBER_PATTERN, COLLECTION_MESSAGES.certNumber),
    ).meta({ description: 'Collected cards only' }),
    variant: optional(z.enum(VARIANTS, { error: COLLECTION_MESSAGES.variant })),
    acceptingOffers: optional(z.boolean({ error: COLLECTION_MESSAGES.acceptingOffers })).meta({
      description: 'Collected cards only; false when not given',
    }),
  })
  .superRefine((body, ctx) => {
    if (body.list !== 'wtb') return;
    if (body.certNumber) {
      ctx.addIssue({ code: 'custom', path: ['certNumber'], message: COLLECTION_MESSAGES.wtbCertNumber });
    }
    if (body.acceptingOffers) {
      ctx.addIssue({
        code: 'custom',
        path: ['acceptingOffers'],
        message: COLLECTION_MESSAGES.wtbAcceptingOffers,
      });
    }
  });
/** What a client sends. */
export type AddCollectionItemBody = z.input<typeof AddCollectionItemBodySchema>;
/** The same after validation: trimmed, set id resolved, empty fields gone. */
export type ValidCollectionItem = z.output<typeof AddCollectionItemBodySchema>;

export const CollectionItemSchema = z
  .object({
    /** `<set>_<number>_<milliseconds>`, e.g. `base_4_1732200000000`. */
    id: z.string(),
    list: z.enum(COLLECTION_LISTS),
    setId: z.enum(SET_IDS),
    cardId: z.string(),
    /** Catalogue search name: rare prints carry ` non-holo`. */
    cardName: z.string(),
    /** As printed, e.g. `4/102`. */
    cardNumber: z.string(),
    rarity: z.string(),
    rarityGroup: z.enum(RARITY_GROUPS),
    imageUrl: z.string(),
    grade: z.number().int().nullable(),
    gradingCompany: z.enum(GRADING_COMPANIES).nullable(),
    /** Always null on Want to Buy cards. */
    certNumber: z.string().nullable(),
    variant: z.enum(VARIANTS).nullable(),
    /** Always false on Want to Buy cards. */
    acceptingOffers: z.boolean(),
    /** ISO 8601. */
    addedAt: z.string(),
  })
  .meta({ id: 'CollectionItem' });
export type CollectionItem = z.infer<typeof CollectionItemSchema>;

/** GET /api/users/:id/collection: both lists, newest first (the tab counts are their lengths). */
export const CollectionResponseSchema = z.object({
  cards: z.array(CollectionItemSchema),
  wtbCards: z.array(CollectionItemSchema),
});
export type CollectionResponse = z.infer<typeof CollectionResponseSchema>;

export const CollectionItemParamsSchema = z.object({ itemId: z.string().min(1).max(100) });

/** docs/product.md §3 defaults of a collector search result for what the collector left out. */
export const COLLECTOR_DEFAULTS = {
  username: 'Unknown User',
  country: 'Unknown Location',
  grade: 'N/A',
  certNumber: 'N/A',
} as const;

export const NO_COLLECTORS_TEXT = 'No collectors found with this card';

export const DEFAULT_COLLECTORS_PAGE_SIZE = 25;
export const MAX_COLLECTORS_PAGE_SIZE = 100;

/** GET /api/collectors: the card is named as in the search box (the shared card-name rules apply). */
export const CollectorsQuerySchema = z.object({
  set: SetIdSchema.default('base_set'),
  card: z.string().trim().min(1, 'Enter a card name.').max(100, 'Card names are at most 100 characters.'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_COLLECTORS_PAGE_SIZE)
    .default(DEFAULT_COLLECTORS_PAGE_SIZE),
});

export const CollectorSchema = z
  .object({
    /** The held card (a collector with two copies appears twice, once per copy). */
    itemId: z.string(),
    collectorId: z.string(),
    /** "Unknown User" when the collector has none. */
    username: z.string(),
    /** "Unknown Location" when the collector has none. */
    country: z.string(),
    /** The year the collector signed up. */
    memberSince: z.number().int(),
    cardName: z.string(),
    cardNumber: z.string(),
    cardSet: z.enum(SET_IDS),
    /** Null when not given: show COLLECTOR_DEFAULTS.grade ("N/A"). */
    grade: z.number().int().nullable(),
    gradingCompany: z.enum(GRADING_COMPANIES).nullable(),
    /** Null when not given: show COLLECTOR_DEFAULTS.certNumber ("N/A"). */
    certNumber: z.string().nullable(),
    variant: z.enum(VARIANTS).nullable(),
    acceptingOffers: z.boolean(),
    imageUrl: z.string(),
    /** The collector's ratings after completed deals, as on their profile. */
    reputation: ReputationSchema,
  })
  .meta({ id: 'Collector' });
export type Collector = z.infer<typeof CollectorSchema>;

/**
 * Copies on Collected lists only, those accepting offers first, then by grade (highest first, ungraded
 * last), then oldest listing first. An unknown card, or a search that fails, is an empty list.
 */
export const CollectorsResponseSchema = z.object({
  /** The catalogue name searched for, or the name as typed (normalised) when no card matched. */
  cardName: z.string(),
  setId: z.enum(SET_IDS),
  collectors: z.array(CollectorSchema),
  /** Every matching copy ("Total Collectors"), not just this page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CollectorsResponse = z.infer<typeof CollectorsResponseSchema>;
