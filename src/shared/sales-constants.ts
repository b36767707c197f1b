/**
 * The sales analysis's fixed values, kept apart from the zod schemas so the web app can use them without
 * pulling zod into the first page load.
 */
export const PERIODS = ['all', '30d', '90d'] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_LABELS: Record<Period, string> = {
  all: 'All time',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};

/**
 * Grading companies that appear in sales (SGC and TAG slabs are sold too, though collections track PSA, BGS,
 * CGC). TAG is here because its slabs sell on the same marketplaces as the others (decision 019).
 */
export const SALE_GRADERS = ['PSA', 'BGS', 'CGC', 'SGC', 'TAG'] as const;
export type SaleGrader = (typeof SALE_GRADERS)[number];
export const SALE_TYPES = ['auction', 'buy_it_now', 'best_offer'] as const;

/** One grading company and grade, as the grade filter applies it. */
export interface GradeChoice {
  grader: SaleGrader;
  grade: number;
}

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/**
 * The chart gets every sale up to this many points; beyond it an even sample (the statistics use every sale).
 * A phone-width chart cannot show more distinct points, and each one costs the answer bytes.
 */
export const MAX_SERIES_POINTS = 600;

export function isPeriod(value: string): value is Period {
  return (PERIODS as readonly string[]).includes(value);
}

export function isSaleGrader(value: string): value is SaleGrader {
  return (SALE_GRADERS as readonly string[]).includes(value);
}

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<Period, number | undefined> = { all: undefined, '30d': 30, '90d': 90 };

/** The earliest sale instant a period includes, or undefined for all time. */
export function periodStart(period: Period, now: number): string | undefined {
  const days = PERIOD_DAYS[period];
  return days === undefined ? undefined : new Date(now - days * DAY_MS).toISOString();
}

/** Where a sale happened (docs/product.md §11): marketplaces and auction houses, anything else `other`. */
export const SALE_SOURCES = [
  'ebay',
  'heritage',
  'goldin',
  'fanatics',
  'pwcc',
  'pristine',
  'myslabs',
  'other',
] as const;
export type SaleSource = (typeof SALE_SOURCES)[number];
