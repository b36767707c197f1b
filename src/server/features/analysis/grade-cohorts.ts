import type { CardSales } from '../../sales/card-sales/card-sales.ts';

/** The sales of one grader and grade of a card, newest first, prices in cents. */
export interface GradeCohort {
  grader: string;
  grade: number;
  prices: Float64Array;
  soldAt: Float64Array;
}

/** The cohorts of each columns object, with and without flagged sales, split on first use. */
const cohortsOfColumns = new WeakMap<CardSales, { withFlagged?: GradeCohort[]; counted?: GradeCohort[] }>();

/**
 * A card's sales split by grader and grade (sales without either are left out), each cohort newest first.
 * Flagged, excluded sales are left out unless `includeFlagged`. A card's columns never change (a change
 * makes new ones), so their cohorts are split once and shared by every ladder and estimate computed from
 * them; callers only read them.
 */
export function gradeCohorts(sales: CardSales, includeFlagged: boolean): readonly GradeCohort[] {
  let split = cohortsOfColumns.get(sales);
  if (!split) {
    split = {};
    cohortsOfColumns.set(sales, split);
  }
  if (includeFlagged) {
    split.withFlagged ??= splitByGrade(sales, true);
    return split.withFlagged;
  }
  split.counted ??= splitByGrade(sales, false);
  return split.counted;
}

/** Splits the columns into cohorts, leaving out excluded sales unless `includeFlagged`. */
function splitByGrade(sales: CardSales, includeFlagged: boolean): GradeCohort[] {
  const { gradeCodes, excluded } = sales;
  const counts = new Uint32Array(sales.gradeKeys.length);
  for (let index = 0; index < gradeCodes.length; index++) {
    if (includeFlagged || excluded[index] === 0) counts[gradeCodes[index]!]!++;
  }
  const cohorts = sales.gradeKeys.map(({ grader, grade }, code) =>
    grader === null || grade === null || counts[code] === 0
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
  return cohorts.filter((cohort) => cohort !== undefined);
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
