import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatDollars } from './money.ts';

const MAX = 10_000_000;

describe('dollarsToCents', () => {
  it.each([
    [0.01, 1],
    [1, 100],
    [2500.5, 250_050],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [10_000_000, 1_000_000_000],
  ])('turns $%s into %d cents', (dollars, cents) => {
    expect(dollarsToCents(dollars, MAX)).toEqual({ ok: true, cents });
  });

  it.each([
    [1e-9, 'not-positive'],
    [5e-324, 'not-positive'],
    [0.004, 'not-positive'],
    [0, 'not-positive'],
    [-0, 'not-positive'],
    [-5, 'not-positive'],
    [Number.NaN, 'not-a-number'],
    [Number.POSITIVE_INFINITY, 'not-a-number'],
    [10_000_000.01, 'too-large'],
    [1e21, 'too-large'],
    [Number.MAX_VALUE, 'too-large'],
    [1.005, 'too-precise'],
    [12.345, 'too-precise'],
    [0.015, 'too-precise'],
  ])('refuses $%s: %s', (dollars, problem) => {
    expect(dollarsToCents(dollars, MAX)).toEqual({ ok: false, problem });
  });

  it('holds the route maximum exactly', () => {
    expect(dollarsToCents(300, 300)).toEqual({ ok: true, cents: 30_000 });
    expect(dollarsToCents(300.01, 300)).toEqual({ ok: false, problem: 'too-large' });
  });
});

describe('formatDollars', () => {
  it('leaves out the cents of whole dollars and groups thousands', () => {
    expect(formatDollars(18_750)).toBe('$18,750');
    expect(formatDollars(300)).toBe('$300');
    expect(formatDollars(1_234_567)).toBe('$1,234,567');
  });

  it('shows two decimals otherwise', () => {
    expect(formatDollars(18_750.5)).toBe('$18,750.50');
    expect(formatDollars(0.05)).toBe('$0.05');
    expect(formatDollars(1020.5)).toBe('$1,020.50');
  });
});
