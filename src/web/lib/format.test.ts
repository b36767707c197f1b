import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDollars,
  formatDollarsCompact,
  formatMonthYear,
  formatPercent,
  formatSaleDate,
  formatWholeDollars,
} from './format.ts';

describe('prices, counts and dates as the app writes them', () => {
  it('shows prices in dollars with two decimals and thousands separators', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(7)).toBe('$7.00');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(1_234_567.891)).toBe('$1,234,567.89');
    expect(formatDollars(999.995)).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(999.995),
    );
    expect(formatDollars(-12.5)).toBe('-$12.50');
    expect(formatDollars(-0.001)).toBe('$0.00');
  });

  it('writes counts with thousands separators, as Intl does for US English', () => {
    for (const count of [0, 7, 999, 1000, 54_321, 1_000_000, -2500]) {
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
    }
  });

  it('shows whole dollars and one-decimal percentages as Intl does', () => {
    const whole = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    const percent = new Intl.NumberFormat('en-US', {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    for (const price of [0, 0.49, 0.5, 7.5, 999.5, 1234.56, 530_625, 2_000_000.4]) {
      expect(formatWholeDollars(price)).toBe(whole.format(price));
    }
    for (const change of [0, 0.04, 2.5, 15.79, 100, 1234.56]) {
      expect(formatPercent(change)).toBe(percent.format(change / 100));
      expect(formatPercent(-change)).toBe(percent.format(change / 100));
    }
  });

  it('shortens large prices for the chart axis', () => {
    expect(formatDollarsCompact(12_500)).toBe('$12.5K');
    expect(formatDollarsCompact(80)).toBe('$80');
  });

  it('shows the sale day in words, the same in every time zone', () => {
    expect(formatSaleDate('2025-11-03')).toBe('Nov 3, 2025');
    expect(formatSaleDate('2025-11-03T23:59:00.000Z')).toBe('Nov 3, 2025');
    expect(formatMonthYear(Date.UTC(2024, 0, 15))).toBe('Jan 2024');
    expect(formatMonthYear('2023-12-31T23:30:00.000Z')).toBe('Dec 2023');
    expect(formatSaleDate(Date.UTC(2000, 1, 29))).toBe('Feb 29, 2000');
  });

  it('agrees with Intl on every month and on prices of every size', () => {
    const day = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (let month = 0; month < 12; month++) {
      const at = Date.UTC(1999 + month, month, 1 + month * 2);
      expect(formatSaleDate(at)).toBe(day.format(at));
    }
    for (const price of [0.01, 0.5, 9.99, 10, 123.45, 1000, 10_000.1, 250_000, 3_999_999.99]) {
      expect(formatDollars(price)).toBe(dollars.format(price));
    }
  });
});
