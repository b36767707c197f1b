import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quantiles, weightedQuantiles } from './quantiles.ts';

describe('quantiles (each value at the middle of its share, straight lines between)', () => {
  it('of an even count: positions 1/8, 3/8, 5/8, 7/8; the median is the mean of the middle two', () => {
    // 10 at 0.125, 20 at 0.375, 30 at 0.625, 40 at 0.875.
    expect(quantiles([40, 10, 30, 20], [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1])).toEqual([
      10, 10, 15, 25, 35, 40, 40,
    ]);
  });

  it('of an odd count: positions 0.1, 0.3, 0.5, 0.7, 0.9', () => {
    // q1 at 0.25 lies three quarters of the way from 10 (0.1) to 20 (0.3): 17.5; q3 a quarter of the way
    // from 40 (0.7) to 50 (0.9): 42.5.
    expect(quantiles([50, 30, 10, 40, 20], [0.25, 0.5, 0.75])).toEqual([17.5, 30, 42.5]);
  });

  it('of one value: that value everywhere', () => {
    expect(quantiles([1234], [0, 0.1, 0.25, 0.5, 0.9, 1])).toEqual([1234, 1234, 1234, 1234, 1234, 1234]);
  });

  it('with ties: the tied values stand side by side', () => {
    // 5 at 0.125, 5 at 0.375, 5 at 0.625, 9 at 0.875: q3 at 0.75 is halfway from 5 to 9.
    expect(quantiles([5, 9, 5, 5], [0.25, 0.5, 0.75])).toEqual([5, 5, 7]);
  });

  it('weighted: a value stands at the middle of its share of the weight', () => {
    // Weights 1, 2, 1 of 4: 100 at 0.125, 200 at 0.5, 400 at 0.875.
    const [p10, q1, median, q3, p90] = weightedQuantiles(
      [200, 100, 400],
      [2, 1, 1],
      [0.1, 0.25, 0.5, 0.75, 0.9],
    );
    expect(p10).toBe(100);
    expect(q1).toBeCloseTo(100 + (0.125 / 0.375) * 100, 10);
    expect(median).toBe(200);
    expect(q3).toBeCloseTo(200 + (0.25 / 0.375) * 200, 10);
    expect(p90).toBe(400);
  });

  it('weighted ties are ordered lightest first, so the answer does not depend on the input order', () => {
    // 5 (weight 1) at 0.125, 5 (weight 2) at 0.5, 9 (weight 1) at 0.875: 0.6 is 0.1/0.375 of the way to 9.
    const expected = 5 + (0.1 / 0.375) * 4;
    expect(weightedQuantiles([5, 5, 9], [2, 1, 1], [0.6])[0]).toBeCloseTo(expected, 10);
    expect(weightedQuantiles([5, 9, 5], [1, 1, 2], [0.6])[0]).toBeCloseTo(expected, 10);
  });

  it('weighted with equal weights gives the unweighted answer', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (values, p) => {
          const weighted = weightedQuantiles(values, new Array(values.length).fill(3), [p])[0]!;
          expect(weighted).toBeCloseTo(quantiles(values, [p])[0]!, 6);
        },
      ),
    );
  });

  it('by selection gives what reading the sorted values gives, ties and repeats included', () => {
    /** The definition read off a sorted copy. */
    const bySorting = (values: number[], p: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      const rank = p * sorted.length - 0.5;
      if (rank <= 0) return sorted[0]!;
      if (rank >= sorted.length - 1) return sorted[sorted.length - 1]!;
      const lower = Math.floor(rank);
      return sorted[lower]! + (rank - lower) * (sorted[lower + 1]! - sorted[lower]!);
    };
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 300 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 }),
        (values, probabilities) => {
          const found = quantiles(values, probabilities);
          probabilities.forEach((p, index) => {
            expect(found[index]).toBeCloseTo(bySorting(values, p), 9);
          });
        },
      ),
    );
  });

  it('of no values: NaN', () => {
    expect(quantiles([], [0.5])).toEqual([Number.NaN]);
    expect(weightedQuantiles([], [], [0.5])).toEqual([Number.NaN]);
  });
});
