import { z } from 'zod';
import { MINIMUM_MARKET_VALUE } from '../advance-terms.ts';
import { MESSAGES } from '../errors.ts';
import { isValidEmail } from '../registration.ts';
import { centsFromDollars } from './common.ts';

export const INQUIRY_KINDS = ['advance', 'contact', 'partnership'] as const;
export type InquiryKind = (typeof INQUIRY_KINDS)[number];

export const MAX_ESTIMATED_VALUE = 10_000_000;
export const MAX_MESSAGE_LENGTH = 2000;

const ESTIMATED_VALUE_MESSAGE = 'Enter the estimated value in dollars, for example 2500.';

/**
 * POST /api/inquiries. An advance inquiry also names the card and its estimated value in US dollars (whole
 * cents once parsed).
 */
export const InquiryBodySchema = z
  .object({
    kind: z.enum(INQUIRY_KINDS, { error: 'Choose what your inquiry is about.' }),
    name: z
      .string({ error: 'Enter your name.' })
      .trim()
      .min(1, 'Enter your name.')
      .max(100, 'Your name can be at most 100 characters.'),
    email: z
      .string({ error: 'Enter your email address.' })
      .trim()
      .min(1, 'Enter your email address.')
      .max(254, MESSAGES.invalidEmail)
      .refine(isValidEmail, MESSAGES.invalidEmail),
    message: z
      .string({ error: 'Write a short message.' })
      .trim()
      .min(1, 'Write a short message.')
      .max(MAX_MESSAGE_LENGTH, 'Your message can be at most 2,000 characters.'),
    card: z.string().trim().max(100, 'The card name can be at most 100 characters.').optional(),
    estimatedValue: centsFromDollars({
      max: MAX_ESTIMATED_VALUE,
      messages: {
        'not-a-number': ESTIMATED_VALUE_MESSAGE,
        'not-positive': ESTIMATED_VALUE_MESSAGE,
        'too-large': 'Estimated values above $10,000,000 need a call: use Contact Us.',
      },
    }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind !== 'advance') return;
    if (!body.card) {
      ctx.addIssue({ code: 'custom', path: ['card'], message: 'Tell us which card you want an advance on.' });
    }
    if (body.estimatedValue === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['estimatedValue'],
        message: ESTIMATED_VALUE_MESSAGE,
      });
    } else if (body.estimatedValue < MINIMUM_MARKET_VALUE * 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['estimatedValue'],
        message: `Advances start at a market value of $${MINIMUM_MARKET_VALUE}.`,
      });
    }
  });
/** What a client sends. */
export type InquiryBody = z.input<typeof InquiryBodySchema>;
/** The same after validation: trimmed, checked, the estimated value in whole cents. */
export type ValidInquiry = z.output<typeof InquiryBodySchema>;

export const InquirySchema = z.object({
  id: z.string(),
  kind: z.enum(INQUIRY_KINDS),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  card: z.string().nullable(),
  estimatedValue: z.number().nullable(),
  createdAt: z.string(),
});
export type Inquiry = z.infer<typeof InquirySchema>;

/** What a person types for a dollar amount ("$2,500", "2500.50") as a number; NaN when it is not one. */
export function parseDollars(text: string): number | undefined {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '').trim();
  if (cleaned === '') return undefined;
  return /^\d+(\.\d*)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}
