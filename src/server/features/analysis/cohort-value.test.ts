import { describe, expect, it } from 'vitest';
import { cohortValue, weekEnds } from './cohort-value.ts';
import type { GradeCohort } from './grade-cohorts.ts';

const iso = (instants: number[]) => instants.map((instant) => new Date(instant).toISOString());

describe('weeks of a collection’s history', () => {
  it('end at the last millisecond of each Sunday (UTC) that has ended, oldest first', () => {
    // Wednesday 1 July 2026.
    expect(iso(weekEnds(Date.parse('2026-07-01T10:00:00.000Z'), 3))).toEqual([
      '2026-06-14T23:59:59.999Z',
      '2026-06-21T23:59:59.999Z',
      '2026-06-28T23:59:59.999Z',
    ]);
    // A Sunday has not ended until midnight; on Monday at midnight it has.
    expect(iso(weekEnds(Date.parse('2026-06-28T23:59:59.999Z'), 1))).toEqual(['2026-06-21T23:59:59.999Z']);
    expect(iso(weekEnds(Date.parse('2026-06-29T00:00:00.000Z'), 1))).toEqual(['2026-06-28T23:59:59.999Z']);
    expect(weekEnds(Date.now())).toHaveLength(52);
  });

  it('value each week from the sales up to its end only', () => {
    const day = (text: string) => Date.parse(`${text}T12:00:00.000Z`);
    // Five sales at $100 on Wednesday 17 June, five at $300 on Wednesday 24 June 2026.
    const cohort: GradeCohort = {
      grader: 'PSA',
      grade: 9,
      prices: Float64Array.from([
        30_000, 30_000, 30_000, 30_000, 30_000, 10_000, 10_000, 10_000, 10_000, 10_000,
      ]),
      soldAt: Float64Array.from([...Array(5).fill(day('2026-06-24')), ...Array(5).fill(day('2026-06-17'))]),
    };
    const value = cohortValue([cohort], 9, Date.parse('2026-07-01T10:00:00.000Z'));
    const weekly = [...value.weekly];
    // Up to 14 June: no sales. Week of 21 June: only the $100 sales. Week of 28 June: ten sales, the newer five
    // weighing 2^(7/90) times as much, so the median lies between $100 and $300.
    expect(weekly.slice(0, -3).every(Number.isNaN)).toBe(true);
    expect(weekly.at(-2)).toBe(10_000);
    expect(weekly.at(-1)).toBeGreaterThan(10_000);
    expect(weekly.at(-1)).toBeLessThan(30_000);
    // No sale since: the same weighted median now (weights scale alike with time).
    expect(value.current?.estimate).toBeCloseTo(weekly.at(-1)!, 6);
    expect(new Date(value.lastWeekEnd).toISOString()).toBe('2026-06-28T23:59:59.999Z');
  });
});

describe('a slab value after a change to its sales', () => {
  const day = (text: string) => Date.parse(`${text}T12:00:00.000Z`);
  const now = Date.parse('2026-07-01T10:00:00.000Z');
  /** `count` sales a week apart from 2025-07-02 at $100, then $300 from the week of `from` on; newest first. */
  const cohortOf = (from: string): GradeCohort => {
    const instants = Array.from({ length: 52 }, (_, week) => day('2025-07-02') + week * 7 * 86_400_000);
    const newestFirst = instants.reverse();
    return {
      grader: 'PSA',
      grade: 9,
      prices: Float64Array.from(newestFirst, (instant) => (instant >= day(from) ? 30_000 : 10_000)),
      soldAt: Float64Array.from(newestFirst),
    };
  };

  it('is the value computed afresh, keeping the weeks that ended before the earliest changed sale', () => {
    const before = cohortValue([cohortOf('2026-06-10')], 9, now);
    const after = cohortOf('2026-03-04');
    const fresh = cohortValue([after], 9, now);
    const kept = cohortValue([after], 9, now, { value: before, changedFrom: day('2026-03-04') });
    expect([...kept.weekly]).toEqual([...fresh.weekly]);
    expect(kept.current).toEqual(fresh.current);
    // Told that nothing changed before June, it keeps the earlier weeks: they are read, not recomputed.
    const told = cohortValue([after], 9, now, { value: before, changedFrom: day('2026-06-10') });
    expect([...told.weekly].slice(0, -4)).toEqual([...before.weekly].slice(0, -4));
    expect([...told.weekly].slice(0, -4)).not.toEqual([...fresh.weekly].slice(0, -4));
  });

  it('is computed afresh once a new week has ended', () => {
    const before = cohortValue([cohortOf('2026-06-10')], 9, now - 7 * 86_400_000);
    const after = cohortOf('2026-03-04');
    const kept = cohortValue([after], 9, now, { value: before, changedFrom: Number.POSITIVE_INFINITY });
    expect([...kept.weekly]).toEqual([...cohortValue([after], 9, now).weekly]);
  });
});
