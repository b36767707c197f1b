import { z } from 'zod';
import { ERROR_CODES } from '../errors.ts';
import { dollarsToCents, type MoneyProblem } from '../money.ts';
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

export interface DollarAmountOptions {
  /** The route's largest amount, in dollars. */
  max: number;
  /** What the field says for each way an amount can be wrong; a generic text when not given. */
  messages?: Partial<Record<MoneyProblem, string>>;
}

/**
 * A JSON number of US dollars checked by the shared money rule (src/shared/money.ts) and handed on as whole
 * cents: every amount the API takes goes through this, so none is stored as $0 or less.
 */
export function centsFromDollars({ max, messages = {} }: DollarAmountOptions) {
  const say: Record<MoneyProblem, string> = {
    'not-a-number': 'Enter an amount in dollars, for example 2500.',
    'not-positive': 'Enter an amount of at least $0.01.',
    'too-large': `Amounts are at most $${max.toLocaleString('en-US')}.`,
    'too-precise': 'Use at most two decimals for cents.',
    ...messages,
  };
  return z
    .number({ error: say['not-a-number'] })
    .transform((dollars, ctx) => {
      const result = dollarsToCents(dollars, max);
      if (result.ok) return result.cents;
      ctx.addIssue({ code: 'custom', message: say[result.problem] });
      return z.NEVER;
    })
    .meta({ description: `US dollars: at least 0.01, at most ${max}, two decimals at most` });
}
