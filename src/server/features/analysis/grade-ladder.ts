import { centsToDollars } from '#shared/sales-stats.ts';
import type { LadderRow } from '#shared/schemas/valuation.ts';
import type { CardSales } from '../../sales/columns/card-sales.ts';
import { byGraderAndGrade } from './analysis-summary.ts';
import { countSince, gradeCohorts } from './grade-cohorts.ts';
import { quantiles } from './quantiles.ts';

const DAY_MS = 86_400_000;
const CHANGE_DAYS = 90;
/** Fewer sales than this on either side of the 90-day change and the change is not given. */
const CHANGE_MIN_SALES = 3;

function roundTo2(value: number): number {
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? 0 : rounded;
}

/** Quantiles found per cohort's prices, by range and probabilities; a few ranges each, as periods move. */
const quantilesOfCohorts = new WeakMap<Float64Array, Map<string, number[]>>();
const MAX_RANGES_PER_COHORT = 32;

/**
 * quantiles() of prices[from, to) of a cohort, kept with the cohort's prices. A cohort's arrays never change
 * and columns brought up to date keep the cohorts of the grades that did not change (gradeCohorts), so after
 * a sale of one grade only that grade's quantiles are found again.
 */
function cohortQuantiles(prices: Float64Array, from: number, to: number, probabilities: readonly number[]) {
  let found = quantilesOfCohorts.get(prices);
  if (!found) {
    found = new Map();
    quantilesOfCohorts.set(prices, found);
  }
  const key = `${from}:${to}:${probabilities.join(',')}`;
  let values = found.get(key);
  if (!values) {
    if (found.size >= MAX_RANGES_PER_COHORT) found.clear();
    values = quantiles(prices.subarray(from, to), probabilities);
    found.set(key, values);
  }
  return values;
}

/**
 * Percent change of the median of the last 90 days against the 90 days before (docs/product.md §3), from a
 * cohort's newest-first sales; null when either side has fewer than 3 sales.
 */
function change90d(prices: Float64Array, soldAt: Float64Array, now: number): number | null {
  const recent = countSince(soldAt, now - CHANGE_DAYS * DAY_MS);
  const bothPeriods = countSince(soldAt, now - 2 * CHANGE_DAYS * DAY_MS);
  if (recent < CHANGE_MIN_SALES || bothPeriods - recent < CHANGE_MIN_SALES) return null;
  const [recentMedian = 0] = cohortQuantiles(prices, 0, recent, [0.5]);
  const [priorMedian = 0] = cohortQuantiles(prices, recent, bothPeriods, [0.5]);
  return priorMedian === 0 ? null : roundTo2(((recentMedian - priorMedian) / priorMedian) * 100);
}

export interface LadderOptions {
  /** The period's first instant (undefined: all time). */
  since: number | undefined;
  now: number;
  includeFlagged: boolean;
}

/**
 * The grade ladder of a card (docs/product.md §3): a row per grader and grade with sales in the period, in
 * byGraderAndGrade order, with its spread, last sale, 90-day change and the multiplier to the next lower
 * grade of the same grader.
 */
export function gradeLadder(sales: CardSales, options: LadderOptions): LadderRow[] {
  const { since, now } = options;
  const rows: LadderRow[] = [];
  for (const cohort of gradeCohorts(sales, options.includeFlagged)) {
    const count = since === undefined ? cohort.prices.length : countSince(cohort.soldAt, since);
    if (count === 0) continue;
    const [low = 0, q1 = 0, median = 0, q3 = 0, high = 0] = cohortQuantiles(
      cohort.prices,
      0,
      count,
      [0, 0.25, 0.5, 0.75, 1],
    );
    rows.push({
      grader: cohort.grader,
      grade: cohort.grade,
      count,
      median: centsToDollars(median),
      low: centsToDollars(low),
      high: centsToDollars(high),
      q1: centsToDollars(q1),
      q3: centsToDollars(q3),
      lastSale: {
        price: centsToDollars(cohort.prices[0]!),
        date: new Date(cohort.soldAt[0]!).toISOString(),
      },
      change90d: change90d(cohort.prices, cohort.soldAt, now),
      multiplierToNext: null,
    });
  }
  rows.sort(byGraderAndGrade);
  rows.forEach((row, index) => {
    const next = rows[index + 1];
    if (next && next.grader === row.grader && next.median > 0) {
      row.multiplierToNext = roundTo2(row.median / next.median);
    }
  });
  return rows;
}
