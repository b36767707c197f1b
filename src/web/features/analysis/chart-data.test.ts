import { describe, expect, it } from 'vitest';
import type { Series } from '#shared/schemas/sales.ts';
import { alignSeries, saleTimeSpan } from './chart-data.ts';

const series: Series = {
  points: { t: [3000, 1000, 2000], p: [30, 10, 20] },
  median: { t: [1500, 2500], p: [15, 25] },
  sampled: false,
};

describe('chart data', () => {
  it('puts sales and the rolling median on one time axis in seconds, with gaps where a series has no value', () => {
    expect(alignSeries(series)).toEqual([
      [1, 1.5, 2, 2.5, 3],
      [10, null, 20, null, 30],
      [null, 15, null, 25, null],
    ]);
  });

  it('keeps sales made at the same moment as separate points', () => {
    const [x, sales] = alignSeries({
      ...series,
      points: { t: [1000, 1000], p: [5, 7] },
      median: { t: [], p: [] },
    });
    expect(x).toEqual([1, 1]);
    expect(sales).toEqual([5, 7]);
  });

  it('knows the first and last sale, and that there is none in an empty series', () => {
    expect(saleTimeSpan(series)).toEqual({ from: 1000, to: 3000 });
    expect(saleTimeSpan({ points: { t: [], p: [] }, median: { t: [], p: [] }, sampled: false })).toBeNull();
  });
});
