import { describe, expect, it } from 'vitest';
import {
  formatDollars,
  formatDollarsCompact,
  formatMonthYear,
  formatSaleDate,
  sellerRatingText,
} from './format.ts';

describe('formatting for the sales analysis', () => {
  it('shows prices in dollars with two decimals and thousands separators', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(7)).toBe('$7.00');
    expect(formatDollars(0)).toBe('$0.00');
  });

  it('shortens large prices for the chart axis', () => {
    expect(formatDollarsCompact(12_500)).toBe('$12.5K');
    expect(formatDollarsCompact(80)).toBe('$80');
  });

  it('shows the sale day in words, the same in every time zone', () => {
    expect(formatSaleDate('2025-11-03')).toBe('Nov 3, 2025');
    expect(formatSaleDate('2025-11-03T23:59:00.000Z')).toBe('Nov 3, 2025');
    expect(formatMonthYear(Date.UTC(2024, 0, 15))).toBe('Jan 2024');
  });

  it('says the seller rating, or that it is unknown', () => {
    expect(sellerRatingText(99.8)).toBe('Seller rating at time of sale: 99.8%');
    expect(sellerRatingText(100)).toBe('Seller rating at time of sale: 100%');
    expect(sellerRatingText(null)).toBe('Seller rating unknown');
  });
});
