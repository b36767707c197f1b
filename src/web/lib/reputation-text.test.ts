import { describe, expect, it } from 'vitest';
import { averageText, completedDealsText, reputationLine, starsText } from './reputation-text.ts';

describe('reputation text', () => {
  it('says stars, ratings and deals in the singular and plural', () => {
    expect(starsText(1)).toBe('1 star');
    expect(starsText(4)).toBe('4 stars');
    expect(completedDealsText(1)).toBe('1 completed deal');
    expect(completedDealsText(0)).toBe('0 completed deals');
  });

  it('always gives the average one decimal', () => {
    expect(averageText(4)).toBe('4.0 out of 5 stars');
    expect(averageText(4.3)).toBe('4.3 out of 5 stars');
  });

  it('sums a collector up in one line, and says when nobody has rated them', () => {
    expect(reputationLine({ average: 4.3, count: 23, completedDeals: 23 })).toBe(
      '4.3 · 23 ratings · 23 completed deals',
    );
    expect(reputationLine({ average: 5, count: 1, completedDeals: 1 })).toBe(
      '5.0 · 1 rating · 1 completed deal',
    );
    expect(reputationLine({ average: null, count: 0, completedDeals: 2 })).toBe(
      'No ratings yet · 2 completed deals',
    );
  });
});
