import type { CardSales } from '../../sales/columns/card-sales.ts';
import { earlierColumns, gradeKeyOf } from '../../sales/columns/card-sales-changes.ts';

/** The sales of one grader and grade of a card, newest first, prices in cents. */
export interface GradeCohort {
  grader: string;
  grade: number;
  prices: Float64Array;
  soldAt: Float64Array;
}

type Split = { withFlagged?: GradeCohort[]; counted?: GradeCohort[] };

/** The cohorts of each columns object, with and without flagged sales, split on first use. */
const cohortsOfColumns = new WeakMap<CardSales, Split>();

/**
 * A card's sales split by grader and grade (sales without either are left out), each cohort newest first.
 * Flagged, excluded sales are left out unless `includeFlagged`. A card's columns never change (a change
 * makes new ones), so their cohorts are split once and shared by every ladder and estimate computed from
 * them; callers only read them. Columns brought up to date from earlier ones keep the earlier cohorts of
 * the grades whose sales did not change, the very same arrays, so a sale of one grade costs only that
 * grade's split, and work kept per cohort (the ladder's quantiles) stays valid for the others.
 */
export function gradeCohorts(sales: CardSales, includeFlagged: boolean): readonly GradeCohort[] {
  let split = cohortsOfColumns.get(sales);
  if (!split) {
    split = {};
    cohortsOfColumns.set(sales, split);
  }
  const which = includeFlagged ? 'withFlagged' : 'counted';
  split[which] ??=
    splitFromEarlier(sales, includeFlagged) ??
    cohortsByCode(sales, includeFlagged).filter((cohort) => cohort !== undefined);
  return split[which];
}

/** The split of the nearest earlier columns that has one, with the grades that changed since split again. */
function splitFromEarlier(sales: CardSales, includeFlagged: boolean): GradeCohort[] | undefined {
  const which = includeFlagged ? 'withFlagged' : 'counted';
  for (const { columns, changed } of earlierColumns(sales)) {
    const earlier = cohortsOfColumns.get(columns)?.[which];
    if (!earlier) continue;
    const kept = new Map(earlier.map((cohort) => [gradeKeyOf(cohort.grader, cohort.grade), cohort]));
    const rebuild = sales.gradeKeys.map(({ grader, grade }) => changed.has(gradeKeyOf(grader, grade)));
    const rebuilt = cohortsByCode(sales, includeFlagged, rebuild);
    const cohorts: GradeCohort[] = [];
    sales.gradeKeys.forEach(({ grader, grade }, code) => {
      const cohort = rebuild[code] ? rebuilt[code] : kept.get(gradeKeyOf(grader, grade));
      if (cohort) cohorts.push(cohort);
    });
    return cohorts;
  }
  return undefined;
}

/**
 * The columns' cohorts by grade code (undefined for a grade without grader and grade, or without sales),
 * leaving out excluded sales unless `includeFlagged`; only the grade codes marked in `only` when given.
 */
function cohortsByCode(
  sales: CardSales,
  includeFlagged: boolean,
  only?: readonly boolean[],
): (GradeCohort | undefined)[] {
  const { gradeCodes, excluded } = sales;
  const counts = new Uint32Array(sales.gradeKeys.length);
  for (let index = 0; index < gradeCodes.length; index++) {
    if (includeFlagged || excluded[index] === 0) counts[gradeCodes[index]!]!++;
  }
  const cohorts = sales.gradeKeys.map(({ grader, grade }, code) =>
    grader === null || grade === null || counts[code] === 0 || (only && !only[code])
      ? undefined
      : { grader, grade, prices: new Float64Array(counts[code]!), soldAt: new Float64Array(counts[code]!) },
  );
  const filled = new Uint32Array(sales.gradeKeys.length);
  for (let index = 0; index < gradeCodes.length; index++) {
    const code = gradeCodes[index]!;
    const cohort = cohorts[code];
    if (!cohort || !(includeFlagged || excluded[index] === 0)) continue;
    const at = filled[code]!++;
    cohort.prices[at] = sales.prices[index]!;
    cohort.soldAt[at] = sales.soldAt[index]!;
  }
  return cohorts;
}

/** How many of the newest-first instants pass `newer`: the length of that prefix, by bisection. */
function prefixLength(soldAtNewestFirst: Float64Array, newer: (instant: number) => boolean): number {
  let low = 0;
  let high = soldAtNewestFirst.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (newer(soldAtNewestFirst[middle]!)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** How many of the newest-first instants are at or after `since`. */
export function countSince(soldAtNewestFirst: Float64Array, since: number): number {
  return prefixLength(soldAtNewestFirst, (instant) => instant >= since);
}

/** How many of the newest-first instants are after `instant`. */
export function countAfter(soldAtNewestFirst: Float64Array, instant: number): number {
  return prefixLength(soldAtNewestFirst, (soldAt) => soldAt > instant);
}
