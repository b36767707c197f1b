import type { GradeCohort } from './grade-cohorts.ts';
import { type CohortEstimate, estimateCohort } from './slab-estimate.ts';

const DAY_MS = 86_400_000;
/** How many past weeks a collection's value history covers. */
export const HISTORY_WEEKS = 52;

/** A slab's estimate now and at the end of each of the last HISTORY_WEEKS weeks. */
export interface CohortValue {
  current: CohortEstimate | undefined;
  /** The instant `current` is for. */
  asOf: number;
  /** The end of the newest week of `weekly`: once a newer week has ended, the value is out of date. */
  lastWeekEnd: number;
  /** The estimate in cents at the end of each week, oldest first; NaN where there was none. */
  weekly: Float64Array;
}

/**
 * The end of the last week before `now`. A week runs from Monday to Sunday in UTC and ends at the last
 * millisecond of its Sunday, so its estimate counts every sale of that Sunday.
 */
export function lastWeekEnd(now: number): number {
  const day = Math.floor(now / DAY_MS);
  // 1 January 1970 was a Thursday: day 0 is weekday 3 counted from Monday.
  const monday = day - ((day + 3) % 7);
  return monday * DAY_MS - 1;
}

/** The ends of the last `count` weeks before `now`, oldest first. */
export function weekEnds(now: number, count: number = HISTORY_WEEKS): number[] {
  const last = lastWeekEnd(now);
  return Array.from({ length: count }, (_, index) => last - (count - 1 - index) * 7 * DAY_MS);
}

/** The same slab's value computed from earlier sales, and the earliest instant at which its sales changed since. */
export interface EarlierValue {
  value: CohortValue;
  changedFrom: number;
}

/**
 * The value of a slab of `grade` from its card's cohorts of the same grader: each week's estimate uses only
 * the sales up to that week's end, as it would have been made then. So the weeks of an earlier value that
 * ended before the earliest change to the grader's sales keep their estimates: a new sale of today changes
 * only the current estimate.
 */
export function cohortValue(
  cohorts: readonly GradeCohort[],
  grade: number,
  now: number,
  earlier?: EarlierValue,
): CohortValue {
  const ends = weekEnds(now);
  const kept = earlier?.value.lastWeekEnd === ends[ends.length - 1] ? earlier : undefined;
  const weekly = Float64Array.from(ends, (end, week) =>
    kept && end < kept.changedFrom
      ? kept.value.weekly[week]!
      : (estimateCohort(cohorts, grade, end)?.estimate ?? Number.NaN),
  );
  return {
    current: estimateCohort(cohorts, grade, now),
    asOf: now,
    lastWeekEnd: ends[ends.length - 1]!,
    weekly,
  };
}

/** Rough bytes a value holds, for the cache's budget. */
export function cohortValueBytes(value: CohortValue): number {
  return value.weekly.byteLength + 200;
}
