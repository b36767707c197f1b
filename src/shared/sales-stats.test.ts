import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSalesStats, evenSampleIndices, rollingMedian } from './sales-stats.ts';

describe('computeSalesStats (docs/product.md §3)', () => {
  it('is all zeros for no sales', () => {
    expect(computeSalesStats([])).toEqual({
      count: 0,
      low: 0,
      median: 0,
      high: 0,
      average: 0,
      totalVolume: 0,
      lastSale: 0,
      percentFromAverage: 0,
    });
  });

  it('computes every figure from prices in cents, newest first', () => {
    // Newest first: the latest sale is $300.00.
    expect(computeSalesStats([30_000, 10_000, 25_050, 12_000])).toEqual({
      count: 4,
      low: 100,
      median: 185.25,
      high: 300,
      average: 192.63,
      totalVolume: 770.5,
      lastSale: 300,
      percentFromAverage: 55.74,
    });
  });

  it('takes the middle value for an odd count and a negative percent when the last sale is below average', () => {
    const stats = computeSalesStats([5_000, 20_000, 9_999]);
    expect(stats.median).toBe(99.99);
    expect(stats.lastSale).toBe(50);
    expect(stats.average).toBe(116.66);
    expect(stats.percentFromAverage).toBe(-57.14);
  });

  it('reports 0 percent rather than dividing by a zero average', () => {
    expect(computeSalesStats([0, 0]).percentFromAverage).toBe(0);
  });

  it('finds the median as sorting would, with many repeated prices too', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 300 }), (cents) => {
        const sorted = [...cents].sort((a, b) => a - b);
        const middle = sorted.length >> 1;
        const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
        expect(computeSalesStats(cents).median).toBe(Math.round(median) / 100);
      }),
    );
  });

  it('keeps low ≤ median ≤ high, low ≤ average ≤ high and the volume equal to the sum', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 200 }),
        (cents) => {
          const stats = computeSalesStats(cents);
          expect(stats.count).toBe(cents.length);
          expect(stats.low).toBeLessThanOrEqual(stats.median);
          expect(stats.median).toBeLessThanOrEqual(stats.high);
          expect(stats.average).toBeGreaterThanOrEqual(stats.low);
          expect(stats.average).toBeLessThanOrEqual(stats.high);
          expect(Math.round(stats.totalVolume * 100)).toBe(cents.reduce((sum, value) => sum + value, 0));
          expect(stats.lastSale).toBe(cents[0]! / 100);
        },
      ),
    );
  });
});

describe('rollingMedian', () => {
  it('is the median of the trailing window, with fewer values at the start', () => {
    expect(rollingMedian([5, 1, 3, 10, 2, 8], 3)).toEqual([5, 3, 3, 3, 3, 8]);
    expect(rollingMedian([4, 2, 6, 8], 4)).toEqual([4, 3, 4, 5]);
  });

  it('evaluates only the indices asked for, over the full windows behind them', () => {
    expect(rollingMedian([5, 1, 3, 10, 2, 8], 3, [0, 4, 5])).toEqual([5, 3, 8]);
  });

  it('reads values stored newest first as the same series backwards', () => {
    expect(rollingMedian([8, 2, 10, 3, 1, 5], 3, undefined, 'newest-first')).toEqual([8, 3, 3, 3, 3, 5]);
    expect(rollingMedian([8, 2, 10, 3, 1, 5], 3, [5, 1, 0], 'newest-first')).toEqual([5, 3, 8]);
  });

  it('matches sorting each window', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1000 }), { maxLength: 80 }),
        fc.integer({ min: 1, max: 20 }),
        (values, window) => {
          const expected = values.map((_, index) => {
            const slice = values.slice(Math.max(0, index - window + 1), index + 1).sort((a, b) => a - b);
            const middle = slice.length >> 1;
            return slice.length % 2 ? slice[middle]! : (slice[middle - 1]! + slice[middle]!) / 2;
          });
          expect(rollingMedian(values, window)).toEqual(expected);
        },
      ),
    );
  });
});

describe('evenSampleIndices', () => {
  it('keeps everything up to the limit', () => {
    expect(evenSampleIndices(4, 10)).toEqual([0, 1, 2, 3]);
  });

  it('samples evenly beyond it, keeping the first and the last', () => {
    expect(evenSampleIndices(11, 3)).toEqual([0, 5, 10]);
    const sample = evenSampleIndices(20_000, 2000);
    expect(sample).toHaveLength(2000);
    expect(sample[0]).toBe(0);
    expect(sample.at(-1)).toBe(19_999);
    expect(new Set(sample).size).toBe(2000);
  });
});
