import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentFromAverageText, rangePosition } from './market-range.ts';

describe('rangePosition', () => {
  it('places a price proportionally between the lowest and the highest sale', () => {
    expect(rangePosition(100, 100, 300)).toBe(0);
    expect(rangePosition(150, 100, 300)).toBe(25);
    expect(rangePosition(300, 100, 300)).toBe(100);
  });

  it('clamps prices outside the range to the ends of the bar', () => {
    expect(rangePosition(50, 100, 300)).toBe(0);
    expect(rangePosition(900, 100, 300)).toBe(100);
  });

  it('puts the marker in the middle when every sale has the same price', () => {
    expect(rangePosition(120, 120, 120)).toBe(50);
    expect(rangePosition(0, 0, 0)).toBe(50);
  });

  it('puts the marker in the middle for values that are not numbers', () => {
    expect(rangePosition(Number.NaN, 1, 2)).toBe(50);
    expect(rangePosition(1, Number.NaN, 2)).toBe(50);
  });

  it('stays within 0–100 for any prices', () => {
    const price = fc.double({ min: 0, max: 1e7, noNaN: true });
    fc.assert(
      fc.property(price, price, price, (value, a, b) => {
        const position = rangePosition(value, Math.min(a, b), Math.max(a, b));
        return position >= 0 && position <= 100;
      }),
    );
  });
});

describe('percentFromAverageText', () => {
  it('says how far above or below the average the latest sale is, with the two decimals the API gives', () => {
    expect(percentFromAverageText(52.31)).toBe('52.31% above average');
    expect(percentFromAverageText(-7.5)).toBe('7.50% below average');
    expect(percentFromAverageText(0)).toBe('at the average');
  });
});
