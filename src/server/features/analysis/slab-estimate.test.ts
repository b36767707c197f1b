import { describe, expect, it } from 'vitest';
import type { GradeCohort } from './grade-cohorts.ts';
import { estimateCohort, recentSalesEstimate, toSlabEstimate } from './slab-estimate.ts';

const DAY_MS = 86_400_000;
const AS_OF = Date.parse('2026-06-30T12:00:00.000Z');

/** A PSA cohort from [price in cents, age in days] pairs (any order). */
function cohort(grade: number, sales: [number, number][], grader = 'PSA'): GradeCohort {
  const newestFirst = [...sales].sort((a, b) => a[1] - b[1]);
  return {
    grader,
    grade,
    prices: Float64Array.from(newestFirst.map(([price]) => price)),
    soldAt: Float64Array.from(newestFirst.map(([, age]) => AS_OF - age * DAY_MS)),
  };
}

/** Five sales of one day: equal weights, so p10, median and p90 of 90, 100, 100, 100, 110 are 90, 100, 110. */
const flat = (grade: number, median: number, grader = 'PSA', age = 3) =>
  cohort(
    grade,
    [0.9, 1, 1, 1, 1.1].map((factor) => [Math.round(median * factor), age]),
    grader,
  );

describe('estimate from recent sales', () => {
  it('weights each sale 2^(−age / 90 days) and takes the weighted median and 10th / 90th percentiles', () => {
    // Ages 0, 0, 90, 90, 180 days: weights 1, 1, ½, ½, ¼ (total 3.25). Within 90 days (inclusive) there are
    // four sales, too few; within 180 days all five. Sorted by price, each stands at the middle of its weight:
    // 500 at 0.125/3.25, 800 at 0.5/3.25, 900 at 1/3.25, 1000 at 1.75/3.25, 1200 at 2.75/3.25.
    const estimate = recentSalesEstimate(
      cohort(9, [
        [1000, 0],
        [1200, 0],
        [800, 90],
        [900, 90],
        [500, 180],
      ]),
      AS_OF,
    );
    // Median: 0.5 = 1.625/3.25 lies (1.625 − 1) / 0.75 of the way from 900 to 1000.
    // p10: 0.325/3.25 lies (0.325 − 0.125) / 0.375 of the way from 500 to 800; p90 is past 1200's place.
    expect(estimate).toEqual({
      basis: 'recent-sales',
      estimate: expect.closeTo(900 + (0.625 / 0.75) * 100, 9),
      low: expect.closeTo(500 + (0.2 / 0.375) * 300, 9),
      high: 1200,
      comps: 5,
      windowDays: 180,
      neighbourGrades: [],
    });
    expect(toSlabEstimate(estimate, AS_OF)).toEqual({
      estimate: 9.83,
      low: 6.6,
      high: 12,
      basis: 'recent-sales',
      comps: 5,
      windowDays: 180,
      neighbourGrades: [],
      asOf: '2026-06-30T12:00:00.000Z',
    });
  });

  it('uses the narrowest window with five sales, and no sale after the instant it is for', () => {
    const sales = cohort(9, [
      [100, -1],
      [200, 10],
      [200, 20],
      [300, 30],
      [300, 40],
      [400, 50],
      [5000, 200],
    ]);
    const estimate = recentSalesEstimate(sales, AS_OF);
    expect(estimate).toMatchObject({ comps: 5, windowDays: 90 });
    // A day earlier the sale of day 10 is in the future and day 200's is still outside 180 days: 365 days.
    expect(recentSalesEstimate(sales, AS_OF - 11 * DAY_MS)).toMatchObject({ comps: 5, windowDays: 365 });
  });

  it('of five sales of one price: that price, band and all', () => {
    const estimate = recentSalesEstimate(
      cohort(
        10,
        [0, 1, 2, 3, 4].map((age) => [25_000, age]),
      ),
      AS_OF,
    );
    expect(estimate).toMatchObject({ estimate: 25_000, low: 25_000, high: 25_000, comps: 5 });
  });

  it('gives none for a cohort whose sales are all more than two years old', () => {
    const old = cohort(
      9,
      [731, 800, 900, 1000, 1100].map((age) => [10_000, age]),
    );
    expect(recentSalesEstimate(old, AS_OF)).toBeUndefined();
    expect(toSlabEstimate(estimateCohort([old], 9, AS_OF), AS_OF)).toEqual({
      estimate: null,
      low: null,
      high: null,
      basis: 'none',
      comps: 0,
      windowDays: null,
      neighbourGrades: [],
      asOf: '2026-06-30T12:00:00.000Z',
    });
  });
});

describe('estimate from neighbouring grades', () => {
  const sparse = (grade: number, grader = 'PSA') =>
    cohort(
      grade,
      [
        [123_456, 5],
        [654_321, 6],
      ],
      grader,
    );

  it('with a supported grade on each side: the geometric interpolation, band from the nearer', () => {
    // PSA 8 at 100, PSA 10 at 400: PSA 9 sits halfway on the log line, 100 × 4^½ = 200, twice PSA 8;
    // equally near, the lower grade's band (90 to 110) is scaled by 2.
    expect(estimateCohort([flat(10, 400), sparse(9), flat(8, 100)], 9, AS_OF)).toEqual({
      basis: 'neighbour-grades',
      estimate: expect.closeTo(200, 9),
      low: expect.closeTo(180, 9),
      high: expect.closeTo(220, 9),
      comps: 10,
      windowDays: 90,
      neighbourGrades: [8, 10],
    });
  });

  it('for a half grade such as BGS 9.5 between BGS 9 and BGS 10', () => {
    const estimate = estimateCohort([flat(10, 400, 'BGS'), flat(9, 100, 'BGS')], 9.5, AS_OF);
    expect(estimate).toMatchObject({ basis: 'neighbour-grades', neighbourGrades: [9, 10] });
    expect(estimate?.estimate).toBeCloseTo(200, 9);
  });

  it('with supported grades on one side only: the multiplier between them carries on', () => {
    // PSA 9 at 200 and PSA 8 at 100: twice per grade point, so PSA 10 is 400; PSA 9's band, 180 to 220,
    // doubles.
    expect(estimateCohort([sparse(10), flat(9, 200), flat(8, 100)], 10, AS_OF)).toEqual({
      basis: 'neighbour-grades',
      estimate: expect.closeTo(400, 9),
      low: expect.closeTo(360, 9),
      high: expect.closeTo(440, 9),
      comps: 10,
      windowDays: 90,
      neighbourGrades: [8, 9],
    });
  });

  it('skips a nearer grade without enough recent sales', () => {
    // PSA 8.5 has two sales; PSA 8 and PSA 9.5 (1 and 0.5 away) support PSA 9: 100 × 8^(1 / 1.5) = 400.
    const estimate = estimateCohort([sparse(9), sparse(8.5), flat(8, 100), flat(9.5, 800)], 9, AS_OF);
    expect(estimate).toMatchObject({ neighbourGrades: [8, 9.5] });
    expect(estimate?.estimate).toBeCloseTo(400, 9);
  });

  it('gives none when the nearest supported grade is more than one grade point away', () => {
    expect(estimateCohort([sparse(10), flat(8, 100), flat(7, 50)], 10, AS_OF)).toBeUndefined();
  });

  it('gives none with a single supported grade of the grader', () => {
    expect(estimateCohort([sparse(10), flat(9, 200)], 10, AS_OF)).toBeUndefined();
  });

  it('prefers the cohort’s own sales once it has five in two years, even old ones', () => {
    const ownOld = cohort(
      9,
      [400, 450, 500, 550, 600].map((age) => [1000, age]),
    );
    expect(estimateCohort([ownOld, flat(10, 400), flat(8, 100)], 9, AS_OF)).toMatchObject({
      basis: 'recent-sales',
      estimate: 1000,
      windowDays: 730,
    });
  });
});
