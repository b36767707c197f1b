import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseCardName, titleCaseWords } from './card-names.ts';

describe('normaliseCardName (docs/product.md §5)', () => {
  it('title-cases each word', () => {
    expect(normaliseCardName('charizard')).toBe('Charizard');
    expect(normaliseCardName('  DARK   dragonite ')).toBe('Dark Dragonite');
  });

  it.each([
    ['scyther non-holo', 'Scyther non-holo'],
    ['Scyther NONHOLO', 'Scyther non-holo'],
    ['non-holo scyther', 'Scyther non-holo'],
    ['mr. mime nonholo', 'Mr. Mime non-holo'],
  ])('moves the marker in %j to the end as " non-holo"', (input, expected) => {
    expect(normaliseCardName(input)).toBe(expected);
  });

  it('keeps a word that merely contains the marker', () => {
    expect(normaliseCardName('nonholographic')).toBe('Nonholographic');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const once = normaliseCardName(input);
        expect(normaliseCardName(once)).toBe(once);
      }),
    );
  });

  it('titleCaseWords leaves no surrounding or doubled spaces', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const output = titleCaseWords(input);
        expect(output).toBe(output.trim());
        expect(output).not.toMatch(/\s{2}/);
      }),
    );
  });
});
