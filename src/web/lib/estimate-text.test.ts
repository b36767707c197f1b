import { describe, expect, it } from 'vitest';
import type { SlabEstimate } from '#shared/schemas/valuation.ts';
import { estimateBasisShort, estimateBasisText } from './estimate-text.ts';

const estimate = (overrides: Partial<SlabEstimate>): SlabEstimate => ({
  estimate: 100,
  low: 90,
  high: 110,
  basis: 'recent-sales',
  comps: 12,
  windowDays: 90,
  neighbourGrades: [],
  asOf: '2026-07-01T00:00:00.000Z',
  ...overrides,
});

describe('what an estimate stands on', () => {
  it('names the basis, the number of sales and the window', () => {
    expect(estimateBasisText(estimate({}), 'PSA')).toBe(
      'Based on 12 sales in the last 90 days, recent ones weighing more.',
    );
    expect(estimateBasisText(estimate({ comps: 1_250, windowDays: 365 }), 'PSA')).toBe(
      'Based on 1,250 sales in the last year, recent ones weighing more.',
    );
    expect(
      estimateBasisText(
        estimate({ basis: 'neighbour-grades', comps: 9, windowDays: 730, neighbourGrades: [9, 9.5] }),
        'BGS',
      ),
    ).toBe('Too few sales of this grade: scaled from BGS 9 and BGS 9.5 (9 sales in the last 2 years).');
    expect(
      estimateBasisText(estimate({ basis: 'none', estimate: null, comps: 0, windowDays: null }), 'CGC'),
    ).toBe('Not enough recent sales of this grade or its neighbours to estimate.');
  });

  it('says the same in a few words for a collection card', () => {
    expect(estimateBasisShort(estimate({}), 'PSA')).toBe('From 12 sales in 90 days');
    expect(estimateBasisShort(estimate({ comps: 1, windowDays: 730 }), 'PSA')).toBe('From 1 sale in 2 years');
    expect(
      estimateBasisShort(estimate({ basis: 'neighbour-grades', comps: 14, neighbourGrades: [8, 10] }), 'PSA'),
    ).toBe('Scaled from PSA 8 & 10: 14 sales in 90 days');
    expect(estimateBasisShort(estimate({ basis: 'none', windowDays: null }), 'PSA')).toBe(
      'Too few sales to estimate',
    );
  });
});
