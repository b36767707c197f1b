import { z } from 'zod';
import { ERROR_CODES } from '../errors.ts';
import { parseSetId, SET_IDS, type SetId } from '../sets.ts';

export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });

/** A set id, also accepting the short forms (`base`, `jungle`, `fossil`). */
export const SetIdSchema = z
  .string()
  .transform((value, ctx): SetId => {
    const setId = parseSetId(value);
    if (!setId) {
      ctx.addIssue({ code: 'custom', message: `Unknown set. Choose one of ${SET_IDS.join(', ')}.` });
      return z.NEVER;
    }
    return setId;
  })
  .meta({ description: 'base_set, jungle_set or fossil_set (base, jungle, fossil accepted)' });

export const errorResponses = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  429: ErrorBodySchema,
} as const;
