import { MAX_SERIES_POINTS } from '#shared/sales-constants.ts';
import {
  centsToDollars,
  evenSampleIndices,
  ROLLING_MEDIAN_WINDOW,
  rollingMedian,
} from '#shared/sales-stats.ts';
import type { Series } from '#shared/schemas/sales.ts';

/** A point's grade line: its index in the series' gradeLines, or -1. */
export type GradeLineOf = (position: number) => number;

/**
 * The chart's data from the period's sales (newest first, as the statistics read them): the sales as
 * points in time order, sampled evenly beyond MAX_SERIES_POINTS, and a rolling median computed over every
 * sale but evaluated only at the kept instants. It reads the newest-first columns in place rather than
 * copying them into time order. `lineOf` tells each point's grade line (none: -1).
 */
export function buildSeries(
  pricesNewestFirst: ArrayLike<number>,
  soldAtNewestFirst: ArrayLike<number>,
  maxPoints: number = MAX_SERIES_POINTS,
  lineOf: GradeLineOf = () => -1,
): Omit<Series, 'gradeLines'> {
  const count = pricesNewestFirst.length;
  const kept = evenSampleIndices(count, maxPoints).map((index) => count - 1 - index);
  const t = kept.map((position) => soldAtNewestFirst[position]!);
  return {
    points: {
      t,
      p: kept.map((position) => centsToDollars(pricesNewestFirst[position]!)),
      g: kept.map(lineOf),
    },
    median: {
      t,
      p: rollingMedian(pricesNewestFirst, ROLLING_MEDIAN_WINDOW, kept, 'newest-first').map(centsToDollars),
    },
    sampled: kept.length < count,
  };
}
