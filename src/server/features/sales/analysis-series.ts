import { MAX_SERIES_POINTS } from '#shared/sales-constants.ts';
import {
  centsToDollars,
  evenSampleIndices,
  ROLLING_MEDIAN_WINDOW,
  rollingMedian,
} from '#shared/sales-stats.ts';
import type { Series } from '#shared/schemas/sales.ts';

/**
 * The chart's data from the period's sales (newest first, as the statistics read them): the sales as
 * points in time order, sampled evenly beyond MAX_SERIES_POINTS, and a rolling median computed over every
 * sale but evaluated only at the kept instants.
 */
export function buildSeries(
  pricesNewestFirst: ArrayLike<number>,
  soldAtNewestFirst: ArrayLike<number>,
  maxPoints: number = MAX_SERIES_POINTS,
): Series {
  const count = pricesNewestFirst.length;
  const chronological = new Float64Array(count);
  for (let index = 0; index < count; index++) chronological[index] = pricesNewestFirst[count - 1 - index]!;
  const kept = evenSampleIndices(count, maxPoints);
  const t = kept.map((index) => soldAtNewestFirst[count - 1 - index]!);
  return {
    points: { t, p: kept.map((index) => centsToDollars(chronological[index]!)) },
    median: { t, p: rollingMedian(chronological, ROLLING_MEDIAN_WINDOW, kept).map(centsToDollars) },
    sampled: kept.length < count,
  };
}
