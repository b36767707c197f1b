import {
  ESTIMATE_HALF_LIFE_DAYS,
  ESTIMATE_MIN_COMPS,
  ESTIMATE_WINDOWS_DAYS,
  type EstimateBasis,
  NEIGHBOUR_GRADE_DISTANCE,
} from '#shared/estimate-rules.ts';
import { centsToDollars } from '#shared/sales-stats.ts';
import type { SlabEstimate } from '#shared/schemas/valuation.ts';
import { countAfter, countSince, type GradeCohort } from './grade-cohorts.ts';
import { weightedQuantiles } from './quantiles.ts';

const DAY_MS = 86_400_000;
const BAND = [0.1, 0.5, 0.9];

/** An estimate in cents, before it is rounded for the API. */
export interface CohortEstimate {
  basis: Exclude<EstimateBasis, 'none'>;
  estimate: number;
  low: number;
  high: number;
  comps: number;
  windowDays: number;
  neighbourGrades: number[];
}

/**
 * The estimate of one cohort from its own sales up to `asOf` (docs/decisions/017-slab-estimate.md): the
 * narrowest window of ESTIMATE_WINDOWS_DAYS holding at least ESTIMATE_MIN_COMPS sales, each weighted
 * 2^(−age / half-life); the weighted median, and the weighted 10th and 90th percentiles as the 80 % band.
 * Undefined when even the widest window holds too few sales.
 */
export function recentSalesEstimate(cohort: GradeCohort, asOf: number): CohortEstimate | undefined {
  const newest = countAfter(cohort.soldAt, asOf);
  for (const windowDays of ESTIMATE_WINDOWS_DAYS) {
    const end = countSince(cohort.soldAt, asOf - windowDays * DAY_MS);
    const comps = end - newest;
    if (comps < ESTIMATE_MIN_COMPS) continue;
    const soldAt = cohort.soldAt.subarray(newest, end);
    const weights = soldAt.map((instant) => 2 ** ((instant - asOf) / (ESTIMATE_HALF_LIFE_DAYS * DAY_MS)));
    const [low = 0, estimate = 0, high = 0] = weightedQuantiles(
      cohort.prices.subarray(newest, end),
      weights,
      BAND,
    );
    return { basis: 'recent-sales', estimate, low, high, comps, windowDays, neighbourGrades: [] };
  }
  return undefined;
}

interface Supported {
  grade: number;
  estimate: CohortEstimate;
}

/**
 * The supported grades (an estimate from their own sales, above zero) on one side of `grade`, nearest first,
 * at most two, computed only as far as needed.
 */
function supportedGrades(
  cohorts: readonly GradeCohort[],
  grade: number,
  side: 'below' | 'above',
  asOf: number,
): Supported[] {
  const candidates = cohorts
    .filter((cohort) => (side === 'below' ? cohort.grade < grade : cohort.grade > grade))
    .sort((a, b) => Math.abs(a.grade - grade) - Math.abs(b.grade - grade));
  const found: Supported[] = [];
  for (const cohort of candidates) {
    const estimate = recentSalesEstimate(cohort, asOf);
    if (estimate && estimate.estimate > 0) found.push({ grade: cohort.grade, estimate });
    if (found.length === 2) break;
  }
  return found;
}

/**
 * Scales the neighbouring grades to the slab's (decision 017): the estimate is read off the straight line
 * through the two neighbours' log estimates, est_a × (est_b / est_a)^((g − a) / (b − a)), so the multiplier
 * between them, per grade point, carries on to the slab's grade. The band is the nearer neighbour's, scaled
 * by the same factor as its estimate.
 */
function scaledFromNeighbours(grade: number, a: Supported, b: Supported): CohortEstimate {
  const ratio = b.estimate.estimate / a.estimate.estimate;
  const estimate = a.estimate.estimate * ratio ** ((grade - a.grade) / (b.grade - a.grade));
  const nearer =
    Math.abs(b.grade - grade) < Math.abs(a.grade - grade) ||
    (Math.abs(b.grade - grade) === Math.abs(a.grade - grade) && b.grade < a.grade)
      ? b
      : a;
  const factor = estimate / nearer.estimate.estimate;
  return {
    basis: 'neighbour-grades',
    estimate,
    low: nearer.estimate.low * factor,
    high: nearer.estimate.high * factor,
    comps: a.estimate.comps + b.estimate.comps,
    windowDays: Math.max(a.estimate.windowDays, b.estimate.windowDays),
    neighbourGrades: [a.grade, b.grade].sort((x, y) => x - y),
  };
}

/**
 * The estimate of a slab of `grade` from the cohorts of its card and grader (docs/decisions/017): from its
 * own recent sales when they suffice; otherwise from neighbouring grades, the nearest supported grade below
 * and above when both lie within NEIGHBOUR_GRADE_DISTANCE, or else the nearest within it and the next
 * supported grade beyond it on the same side; undefined when neither works.
 */
export function estimateCohort(
  cohorts: readonly GradeCohort[],
  grade: number,
  asOf: number,
): CohortEstimate | undefined {
  const own = cohorts.find((cohort) => cohort.grade === grade);
  const fromOwnSales = own ? recentSalesEstimate(own, asOf) : undefined;
  if (fromOwnSales) return fromOwnSales;
  const near = (supported: Supported | undefined) =>
    supported !== undefined && Math.abs(supported.grade - grade) <= NEIGHBOUR_GRADE_DISTANCE;
  const below = supportedGrades(cohorts, grade, 'below', asOf);
  const above = supportedGrades(cohorts, grade, 'above', asOf);
  if (near(below[0]) && near(above[0])) return scaledFromNeighbours(grade, below[0]!, above[0]!);
  if (near(below[0]) && below[1]) return scaledFromNeighbours(grade, below[0]!, below[1]);
  if (near(above[0]) && above[1]) return scaledFromNeighbours(grade, above[0]!, above[1]);
  return undefined;
}

/** An estimate as the API gives it: dollars to the cent, and basis none with nulls when there is none. */
export function toSlabEstimate(estimate: CohortEstimate | undefined, asOf: number): SlabEstimate {
  const at = new Date(asOf).toISOString();
  if (!estimate) {
    return {
      estimate: null,
      low: null,
      high: null,
      basis: 'none',
      comps: 0,
      windowDays: null,
      neighbourGrades: [],
      asOf: at,
    };
  }
  return {
    estimate: centsToDollars(estimate.estimate),
    low: centsToDollars(estimate.low),
    high: centsToDollars(estimate.high),
    basis: estimate.basis,
    comps: estimate.comps,
    windowDays: estimate.windowDays,
    neighbourGrades: estimate.neighbourGrades,
    asOf: at,
  };
}
