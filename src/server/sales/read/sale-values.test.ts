import { describe, expect, it } from 'vitest';
import { parsePriceCents, parseSaleDate, parseTimestamp } from './sale-values.ts';

describe('parsePriceCents', () => {
  it.each([
    [1234.56, 123456],
    [19.99, 1999],
    [0.1, 10],
    ['$1,234.56', 123456],
    ['US $19.99', 1999],
    ['USD 250', 25000],
    ['1234.5', 123450],
    ['  42 ', 4200],
  ])('reads %j as %i cents', (input, cents) => {
    expect(parsePriceCents(input)).toEqual({ ok: true, value: cents });
  });

  it.each([
    [undefined, 'price is missing'],
    [0, 'price must be more than $0.00'],
    ['0.00', 'price must be more than $0.00'],
    [-5, 'price must be more than $0.00'],
    ['abc', 'price "abc" is not an amount in dollars'],
    ['12.345', 'price "12.345" is not an amount in dollars'],
    [1.234, 'price 1.234 has more than two decimals'],
    [20_000_000, 'price $20,000,000.00 is above the $10,000,000.00 limit'],
    [true, 'price "true" is not an amount in dollars'],
  ])('refuses %j', (input, reason) => {
    expect(parsePriceCents(input)).toEqual({ ok: false, reason });
  });
});

describe('parseSaleDate', () => {
  it.each([
    ['Sold Nov 3, 2025', '2025-11-03'],
    ['Sold  Sep 30, 2024', '2024-09-30'],
    ['Sold Sept 30, 2024', '2024-09-30'],
    ['sold november 3, 2025', '2025-11-03'],
    ['Nov 3 2025', '2025-11-03'],
    ['Sold Feb 29, 2024', '2024-02-29'],
    ['2025-11-03', '2025-11-03'],
  ])('reads %j as %s', (input, day) => {
    expect(parseSaleDate(input)).toEqual({ ok: true, value: day });
  });

  it.each(['Sold Feb 29, 2025', 'Sold Foo 3, 2025', 'yesterday', '2025-13-01', '03/11/2025'])(
    'refuses %j',
    (input) => {
      expect(parseSaleDate(input)).toEqual({
        ok: false,
        reason: `sale_date "${input}" is not a date like "Sold Nov 3, 2025"`,
      });
    },
  );
});

describe('parseTimestamp', () => {
  const instant = '2025-11-03T12:00:00.000Z';
  const millis = Date.parse(instant);

  it.each([
    [millis, instant],
    [millis / 1000, instant],
    [String(millis), instant],
    [String(millis / 1000), instant],
    ['2025-11-03T12:00:00Z', instant],
    ['2025-11-03T13:00:00+01:00', instant],
    [{ seconds: millis / 1000, nanoseconds: 0 }, instant],
    [{ _seconds: millis / 1000, _nanoseconds: 0 }, instant],
  ])('reads %j as %s', (input, expected) => {
    expect(parseTimestamp(input)).toEqual({ ok: true, value: expected });
  });

  it.each(['soon', '', true, { when: 1 }, Number.NaN, -1])('refuses %j', (input) => {
    expect(parseTimestamp(input).ok).toBe(false);
  });
});
