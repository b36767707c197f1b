import { describe, expect, it } from 'vitest';
import { cardSalesFromRows, salesSince } from './card-sales.ts';

const sales = cardSalesFromRows({
  prices: [300, 200, 100, 50],
  soldAt: [
    Date.parse('2026-03-01T00:00:00.000Z'),
    Date.parse('2026-02-01T00:00:00.000Z'),
    Date.parse('2026-02-01T00:00:00.000Z'),
    Date.parse('2026-01-01T00:00:00.000Z'),
  ],
  graders: ['PSA', 'CGC', 'PSA', null],
  grades: [10, 9.5, 10, null],
  excluded: [0, true, false, 1],
});

describe('card sales columns', () => {
  it('gives each distinct grader and grade one code', () => {
    expect(sales.gradeKeys).toEqual([
      { grader: 'PSA', grade: 10 },
      { grader: 'CGC', grade: 9.5 },
      { grader: null, grade: null },
    ]);
    expect([...sales.gradeCodes]).toEqual([0, 1, 0, 2]);
  });

  it("reads the excluded flag in either dialect's form as 1 or 0", () => {
    expect([...sales.excluded]).toEqual([0, 1, 0, 1]);
  });

  it('keeps the sales at or after the period start, including every sale at that instant', () => {
    expect([...salesSince(sales, Date.parse('2026-02-01T00:00:00.000Z')).prices]).toEqual([300, 200, 100]);
    expect([...salesSince(sales, Date.parse('2026-02-01T00:00:00.001Z')).prices]).toEqual([300]);
    expect([...salesSince(sales, Date.parse('2026-03-02T00:00:00.000Z')).prices]).toEqual([]);
    expect(salesSince(sales, undefined)).toBe(sales);
    expect([...salesSince(sales, 0).gradeCodes]).toEqual([0, 1, 0, 2]);
    expect([...salesSince(sales, Date.parse('2026-02-01T00:00:00.000Z')).excluded]).toEqual([0, 1, 0]);
  });
});
