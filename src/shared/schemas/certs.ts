import { z } from 'zod';
import { VARIANTS } from '../collection-rules.ts';
import { MESSAGES } from '../errors.ts';
import { SALE_SOURCES } from '../sales-constants.ts';
import { SET_IDS } from '../sets.ts';
import { LadderRowSchema, PsaPopulationSchema, SlabEstimateSchema } from './valuation.ts';

/** PSA certificate numbers are all digits; twelve leaves room beyond today's longest numbers. */
export const CERT_NUMBER_PATTERN = /^\d{1,12}$/;

export const CertNumberSchema = z
  .string()
  .trim()
  .regex(CERT_NUMBER_PATTERN, MESSAGES.certNumberInvalid)
  .meta({ description: 'PSA certificate number: 1 to 12 digits', example: '12345678' });

export const CertParamsSchema = z.object({ certNumber: CertNumberSchema });

/** The fields of PSA's PSACert record that Holoscope shows, with PSA's own names (docs/product.md §3). */
export const PsaCertSchema = z.object({
  Year: z.string(),
  Brand: z.string(),
  Variety: z.string(),
  Subject: z.string(),
  CertNumber: z.string(),
  CardNumber: z.string(),
  CardGrade: z.string(),
  GradeDescription: z.string(),
  /** How many PSA has graded at this grade, and higher: PSA's figures on the day of the lookup. */
  TotalPopulation: z.number().int().nullable(),
  PopulationHigher: z.number().int().nullable(),
  LabelType: z.string(),
});
export type PsaCert = z.infer<typeof PsaCertSchema>;

export const CertImageSchema = z.object({
  isFront: z.boolean(),
  /** A copy kept by Holoscope (/media/…), so pages never load images from another site. */
  url: z.string(),
});
export type CertImage = z.infer<typeof CertImageSchema>;

export const CertResponseSchema = z.object({
  cert: PsaCertSchema,
  /** The front image first; empty when PSA has no images of this certificate. */
  images: z.array(CertImageSchema),
});
export type CertResponse = z.infer<typeof CertResponseSchema>;

export const CertSlabSchema = z.object({
  cert: z.string(),
  grader: z.literal('PSA'),
  /** CardGrade read: the number (null for none, as on an Authentic slab), its qualifier and PSA's label. */
  grade: z.object({ value: z.number().nullable(), qualifier: z.string().nullable(), label: z.string() }),
  /** The catalogue card in the slab, or null with `reason`. */
  card: z
    .object({
      setId: z.enum(SET_IDS),
      cardName: z.string(),
      cardNumber: z.string(),
      variant: z.enum(VARIANTS),
    })
    .nullable(),
  /** Why there is no card, or why its estimate has no basis; null when neither needs saying. */
  reason: z.string().nullable(),
  estimate: SlabEstimateSchema,
  /** The card's PSA row of the grade ladder at this grade (all time, flagged sales left out), or null. */
  ladderRow: LadderRowSchema.nullable(),
  /** The last five sales of the card at this grader and grade, newest first, flagged ones left out. */
  recentSales: z.array(
    z.object({
      saleId: z.string(),
      date: z.string(),
      price: z.number(),
      source: z.enum(SALE_SOURCES).nullable(),
      listingUrl: z.string().nullable(),
    }),
  ),
  /** PSA's latest known population of the card's print at this grade; null when none was observed. */
  population: PsaPopulationSchema.nullable(),
  /** Our copies of PSA's scans, front first. */
  images: z.array(CertImageSchema),
});
export type CertSlab = z.infer<typeof CertSlabSchema>;

/** Whether this server can ask PSA: without a token only certificates kept from earlier lookups answer. */
export const CertLookupAvailabilitySchema = z.object({ available: z.boolean() });
export type CertLookupAvailability = z.infer<typeof CertLookupAvailabilitySchema>;

/** docs/product.md §8: 'Error fetching card data: {message}'. */
export function certFetchFailedMessage(detail: string): string {
  return MESSAGES.certFetchFailed.replace('{message}', detail);
}
