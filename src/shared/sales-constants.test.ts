import { describe, expect, it } from 'vitest';
import { isPeriod, isSaleGrader, periodStart } from '#shared/sales-constants.ts';

describe('sales constants', () => {
  it('recognise periods and graders and nothing else', () => {
    expect(isPeriod('30d')).toBe(true);
    expect(isPeriod('7d')).toBe(false);
    expect(isSaleGrader('SGC')).toBe(true);
    expect(isSaleGrader('psa')).toBe(false);
  });

  it('starts the 30 and 90 day periods that many days before now', () => {
    const now = Date.parse('2026-03-01T12:00:00.000Z');
    expect(periodStart('30d', now)).toBe('2026-01-30T12:00:00.000Z');
    expect(periodStart('90d', now)).toBe('2025-12-01T12:00:00.000Z');
    expect(periodStart('all', now)).toBeUndefined();
  });
});
