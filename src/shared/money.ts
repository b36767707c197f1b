/**
 * The one money rule for amounts the API takes. The API speaks US dollars with at most two decimals; the
 * database keeps whole cents. An amount is judged by the cents it becomes, so a value such as 1e-9, which
 * is more than $0 but rounds to 0 cents, is refused rather than stored as $0.
 */
export type MoneyProblem = 'not-a-number' | 'not-positive' | 'too-large' | 'too-precise';

export type CentsResult = { ok: true; cents: number } | { ok: false; problem: MoneyProblem };

/** Float dollars times 100 are off by far less than this from whole cents when they had two decimals. */
const CENT_TOLERANCE = 1e-6;

/** Whole cents of a dollar amount above $0 and at most `maxDollars`, with at most two decimals. */
export function dollarsToCents(dollars: number, maxDollars: number): CentsResult {
  if (typeof dollars !== 'number' || !Number.isFinite(dollars)) return { ok: false, problem: 'not-a-number' };
  const exact = dollars * 100;
  const cents = Math.round(exact);
  if (cents <= 0) return { ok: false, problem: 'not-positive' };
  if (cents > Math.round(maxDollars * 100)) return { ok: false, problem: 'too-large' };
  if (Math.abs(exact - cents) > CENT_TOLERANCE) return { ok: false, problem: 'too-precise' };
  return { ok: true, cents };
}

// Formatters are built once: toLocaleString with options builds one on every call, some forty times slower,
// which flag reasons (one per flagged sale, recomputed as cohorts change) would feel.
const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const DOLLARS_AND_CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** $18,750 for whole dollars, $18,750.50 otherwise. */
export function formatDollars(amount: number): string {
  return Number.isInteger(amount) ? WHOLE_DOLLARS.format(amount) : DOLLARS_AND_CENTS.format(amount);
}
