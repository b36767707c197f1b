import { z } from 'zod';
import { MESSAGES } from '../errors.ts';

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
  Brand: z.string(),
  Variety: z.string(),
  Subject: z.string(),
  CertNumber: z.string(),
  CardGrade: z.string(),
  TotalPopulation: z.number().int().nullable(),
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

/** Whether this server can ask PSA: without a token only certificates kept from earlier lookups answer. */
export const CertLookupAvailabilitySchema = z.object({ available: z.boolean() });
export type CertLookupAvailability = z.infer<typeof CertLookupAvailabilitySchema>;

/** docs/product.md §8: 'Error fetching card data: {message}'. */
export function certFetchFailedMessage(detail: string): string {
  return MESSAGES.certFetchFailed.replace('{message}', detail);
}
