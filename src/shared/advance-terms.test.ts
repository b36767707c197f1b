import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADVANCE_GRADERS,
  ADVANCE_TERM_WEEKS,
  compareOptions,
  dealerOffer,
  EXAMPLE_MARKET_VALUE,
  ebayProceeds,
  MINIMUM_MARKET_VALUE,
  marketValueFromSearch,
  maxAdvance,
  qualifiesForAdvance,
  quickAdvanceHref,
} from './advance-terms.ts';

describe('card advance terms', () => {
  it('advances 75 % of market value: the example of docs/product.md §9: 25,000 → 18,750', () => {
    expect(EXAMPLE_MARKET_VALUE).toBe(25_000);
    expect(maxAdvance(EXAMPLE_MARKET_VALUE)).toBe(18_750);
    expect(maxAdvance(300)).toBe(225);
  });

  it('compares against eBay after 12 % fees and a dealer paying 80 %', () => {
    expect(ebayProceeds(25_000)).toBe(22_000);
    expect(dealerOffer(25_000)).toBe(20_000);
    expect(compareOptions(25_000).map((row) => [row.option, row.cash, row.keepCard])).toEqual([
      ['advance', 18_750, true],
      ['ebay', 22_000, false],
      ['dealer', 20_000, false],
    ]);
  });

  it('needs a market value of at least $300', () => {
    expect(MINIMUM_MARKET_VALUE).toBe(300);
    expect(qualifiesForAdvance(299.99)).toBe(false);
    expect(qualifiesForAdvance(300)).toBe(true);
  });

  it('states the graders and the term range of docs/product.md §9', () => {
    expect(ADVANCE_GRADERS).toEqual(['PSA', 'BGS', 'SGC']);
    expect(ADVANCE_TERM_WEEKS).toEqual({ min: 16, max: 26 });
  });

  it('works in whole cents, so results never carry float noise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        const dollars = cents / 100;
        for (const value of [maxAdvance(dollars), ebayProceeds(dollars), dealerOffer(dollars)]) {
          expect(Math.round(value * 100) / 100).toBe(value);
          expect(value).toBeLessThanOrEqual(dollars);
        }
      }),
    );
    expect(maxAdvance(0.1 + 0.2)).toBe(0.23);
  });
});

describe('Quick Advance', () => {
  it('links from a value at or above the advance minimum to the calculator, and not from one under it', () => {
    expect(quickAdvanceHref(300)).toBe('/card-advances?value=300#advance');
    expect(quickAdvanceHref(18_500.5)).toBe('/card-advances?value=18500.50#advance');
    expect(quickAdvanceHref(299.99)).toBeUndefined();
    expect(quickAdvanceHref(0)).toBeUndefined();
    expect(quickAdvanceHref(Number.NaN)).toBeUndefined();
  });

  it('reads back the value it carried, and nothing that is not an amount of dollars', () => {
    const read = (search: string) => marketValueFromSearch(new URLSearchParams(search));
    expect(read('value=300')).toBe(300);
    expect(read('value=18500.50')).toBe(18_500.5);
    for (const search of ['', 'value=', 'value=0', 'value=-5', 'value=1e9', 'value=12.345', 'value=abc']) {
      expect(read(search), search).toBeUndefined();
    }
  });
});
