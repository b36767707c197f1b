/**
 * Parsers for the value formats of `flat_sales` records. Each returns the parsed value, or a string saying
 * what is wrong, which becomes the reason of a rejected row.
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(reason: string): Parsed<T> => ({ ok: false, reason });

/** No graded Base, Jungle or Fossil card has come near this; a bigger number is a typo or a parsing slip. */
export const MAX_PRICE_CENTS = 1_000_000_000;
export const EARLIEST_SALE_DAY = '1999-01-01';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DOLLARS = /^(\d+)(?:\.(\d{1,2}))?$/;
const SOLD_DATE = /^(?:sold\s+)?([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/i;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const NUMERIC = /^\d+(?:\.\d+)?$/;

/** Remembered answers of pure lookups that repeat on every row; capped, so odd input cannot grow them forever. */
export function memoised<K, T>(compute: (key: K) => T, shouldKeep: (value: T) => boolean): (key: K) => T {
  const cache = new Map<K, T>();
  return (key) => {
    const known = cache.get(key);
    if (known !== undefined) return known;
    const value = compute(key);
    if (shouldKeep(value) && cache.size < 10_000) cache.set(key, value);
    return value;
  };
}

export function quoted(value: unknown): string {
  const text = typeof value === 'string' ? value : String(JSON.stringify(value));
  return `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
}

export function formatDollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** `1234.5`, `"1234.50"`, `"$1,234.50"`, `"US $1,234.50"` → 123450 cents. */
export function parsePriceCents(value: unknown): Parsed<number> {
  let cents: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail(`price ${quoted(value)} is not an amount in dollars`);
    cents = Math.round(value * 100);
    if (Math.abs(cents - value * 100) > 1e-6) return fail(`price ${value} has more than two decimals`);
  } else if (typeof value === 'string') {
    const cleaned = value
      .trim()
      .replace(/^(?:US\s*)?\$|^USD\s*/i, '')
      .replace(/,/g, '')
      .trim();
    const match = DOLLARS.exec(cleaned);
    if (!match) return fail(`price ${quoted(value)} is not an amount in dollars`);
    cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  } else {
    return fail(
      value === undefined || value === null
        ? 'price is missing'
        : `price ${quoted(value)} is not an amount in dollars`,
    );
  }
  if (cents <= 0) return fail('price must be more than $0.00');
  if (cents > MAX_PRICE_CENTS)
    return fail(`price ${formatDollars(cents)} is above the ${formatDollars(MAX_PRICE_CENTS)} limit`);
  return ok(cents);
}

const AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * An amount in any currency (`12.5`, `"1,234.50"`), in its hundredths, for shipping, buyer's premium and
 * prices in other currencies than dollars. Zero is allowed when `allowZero` (free shipping).
 */
export function parseAmountCents(value: unknown, field: string, allowZero: boolean): Parsed<number> {
  let cents: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail(`${field} ${quoted(value)} is not an amount`);
    cents = Math.round(value * 100);
    if (Math.abs(cents - value * 100) > 1e-6) return fail(`${field} ${value} has more than two decimals`);
  } else if (typeof value === 'string') {
    const match = AMOUNT.exec(value.trim().replace(/,/g, ''));
    if (!match) return fail(`${field} ${quoted(value)} is not an amount`);
    cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  } else {
    return fail(`${field} ${quoted(value)} is not an amount`);
  }
  if (cents < 0 || (cents === 0 && !allowZero)) return fail(`${field} must be more than 0`);
  if (!Number.isSafeInteger(cents * 1000)) return fail(`${field} ${quoted(value)} is too large`);
  return ok(cents);
}

function computeIsoDay(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return date.toISOString().slice(0, 10);
}

/**
 * Days already read, by year, month and day as one number (the patterns allow at most two digits for the
 * month and the day): a file's sales fall on a few thousand days.
 */
const isoDayOf = memoised(
  (key: number) => computeIsoDay(Math.floor(key / 10_000), Math.floor(key / 100) % 100, key % 100),
  (day) => day !== undefined,
);

function isoDay(year: number, month: number, day: number): string | undefined {
  return isoDayOf(year * 10_000 + month * 100 + day);
}

/** `"Sold Nov 3, 2025"` (the flat_sales form; `Sold` and the comma optional, any month spelling) or `2025-11-03`. */
export function parseSaleDate(value: unknown): Parsed<string> {
  if (typeof value !== 'string')
    return fail(`sale_date ${quoted(value)} is not a date like "Sold Nov 3, 2025"`);
  const text = value.trim();
  const sold = SOLD_DATE.exec(text);
  let day: string | undefined;
  if (sold) {
    const month = MONTHS.indexOf(sold[1]!.slice(0, 3).toLowerCase());
    if (month >= 0) day = isoDay(Number(sold[3]), month + 1, Number(sold[2]));
  } else {
    const iso = ISO_DAY.exec(text);
    if (iso) day = isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  }
  return day ? ok(day) : fail(`sale_date ${quoted(value)} is not a date like "Sold Nov 3, 2025"`);
}

function badTimestamp(value: unknown): Parsed<string> {
  return fail(`timestamp ${quoted(value)} is not epoch milliseconds, epoch seconds or an ISO date`);
}

/**
 * Epoch milliseconds, epoch seconds (any number below 1e11, i.e. before 1973 read as milliseconds), an ISO
 * 8601 string, or a document database timestamp object (`{ seconds }` or `{ _seconds }`) → ISO instant.
 */
export function parseTimestamp(value: unknown): Parsed<string> {
  let millis: number;
  if (typeof value === 'number') {
    millis = value < 1e11 ? value * 1000 : value;
  } else if (typeof value === 'string') {
    const text = value.trim();
    if (NUMERIC.test(text)) {
      const number = Number(text);
      millis = number < 1e11 ? number * 1000 : number;
    } else if (ISO_INSTANT.test(text) || ISO_DAY.test(text)) {
      millis = Date.parse(text);
    } else {
      return badTimestamp(value);
    }
  } else if (typeof value === 'object' && value !== null) {
    const seconds =
      (value as { seconds?: unknown; _seconds?: unknown }).seconds ??
      (value as { _seconds?: unknown })._seconds;
    if (typeof seconds !== 'number') return badTimestamp(value);
    millis = seconds * 1000;
  } else {
    return badTimestamp(value);
  }
  if (!Number.isFinite(millis) || millis < 0 || millis > 8.64e15) return badTimestamp(value);
  return ok(new Date(Math.round(millis)).toISOString());
}

/** A number from a JSON number or a CSV cell (`"99.5"`, `"99.5%"`). */
export function parseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(/%$/, '');
  return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : undefined;
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
