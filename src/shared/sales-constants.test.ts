import { describe, expect, it } from 'vitest';
import { isPeriod, isSaleGrader } from '#shared/sales-constants.ts';

describe('sales constants', () => {
  it('recognise periods and graders and nothing else', () => {
    expect(isPeriod('30d')).toBe(true);
    expect(isPeriod('7d')).toBe(false);
    expect(isSaleGrader('SGC')).toBe(true);
    expect(isSaleGrader('psa')).toBe(false);
  });
});
