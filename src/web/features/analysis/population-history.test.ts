import { describe, expect, it } from 'vitest';
import { gradeHistories } from './population-history.ts';

const seen = (grade: number, observedOn: string, total: number) => ({
  grade,
  observedOn,
  total,
  higher: 0,
  asOf: `${observedOn}T12:00:00.000Z`,
});

describe('population history', () => {
  it('keeps the grades observed on several days, highest first, each oldest day first', () => {
    const histories = gradeHistories([
      seen(9, '2026-11-20', 1200),
      seen(10, '2026-11-28', 40),
      seen(9, '2026-11-28', 1240),
      seen(8.5, '2026-11-27', 310),
      seen(10, '2026-11-21', 38),
      seen(9, '2026-11-24', 1230),
    ]);
    expect(histories.map(({ grade, days }) => [grade, days.map((day) => day.total)])).toEqual([
      [10, [38, 40]],
      [9, [1200, 1230, 1240]],
    ]);
  });

  it('has nothing to draw from observations of one day each', () => {
    expect(gradeHistories([seen(9, '2026-11-28', 1240), seen(10, '2026-11-28', 40)])).toEqual([]);
    expect(gradeHistories([])).toEqual([]);
  });
});
