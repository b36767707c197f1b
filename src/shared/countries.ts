import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

/** An ISO 3166-1 country: its alpha-2 code and English name. */
export interface Country {
  code: string;
  name: string;
}

countries.registerLocale(en);

interface Entry extends Country {
  /** Every English name of the country, lower-cased, so "usa" and "russia" find what people mean. */
  keys: string[];
}

const ENTRIES: Entry[] = Object.entries(countries.getNames('en', { select: 'all' }))
  .map(([code, names]) => ({
    code,
    name: names[0] ?? code,
    keys: names.map((name) => name.toLowerCase()),
  }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

export const COUNTRIES: readonly Country[] = ENTRIES.map(({ code, name }) => ({ code, name }));

export const MAX_COUNTRY_SUGGESTIONS = 8;

/** Countries whose names contain the text; names that start with it come first. */
export function searchCountries(text: string, limit = MAX_COUNTRY_SUGGESTIONS): Country[] {
  const query = text.trim().toLowerCase();
  if (query === '') return [];
  const starts: Country[] = [];
  const contains: Country[] = [];
  for (const entry of ENTRIES) {
    if (entry.keys.some((key) => key.startsWith(query) || key.includes(` ${query}`))) {
      starts.push({ code: entry.code, name: entry.name });
    } else if (entry.keys.some((key) => key.includes(query))) {
      contains.push({ code: entry.code, name: entry.name });
    }
  }
  return [...starts, ...contains].slice(0, limit);
}

/** The country with this alpha-2 code, or undefined when there is none. */
export function findCountry(code: string): Country | undefined {
  const upper = code.trim().toUpperCase();
  const entry = ENTRIES.find((candidate) => candidate.code === upper);
  return entry ? { code: entry.code, name: entry.name } : undefined;
}
