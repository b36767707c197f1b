import { describe, expect, it } from 'vitest';
import { COUNTRIES, findCountry, searchCountries } from './countries.ts';

describe('countries', () => {
  it('lists every ISO 3166-1 country once, in English, sorted by name', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(249);
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(COUNTRIES.length);
    const names = COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(findCountry('de')).toEqual({ code: 'DE', name: 'Germany' });
    expect(findCountry('XX')).toBeUndefined();
  });

  it('suggests names that start with the text first, then names that contain it', () => {
    const found = searchCountries('ger');
    expect(found[0]).toEqual({ code: 'DE', name: 'Germany' });
    expect(found.map((country) => country.code)).toContain('DZ');
  });

  it('finds countries by their other English names', () => {
    expect(searchCountries('usa').map((country) => country.code)).toEqual(['US']);
    expect(searchCountries('Great Britain')[0]?.code).toBe('GB');
  });

  it('suggests nothing for blank text and at most the limit', () => {
    expect(searchCountries('   ')).toEqual([]);
    expect(searchCountries('a', 5)).toHaveLength(5);
  });
});
