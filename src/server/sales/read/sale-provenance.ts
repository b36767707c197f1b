import { SALE_SOURCES, type SaleSource } from '#shared/sales-constants.ts';
import { type FxRates, toUsdCents } from '../fx/fx-rates.ts';
import {
  formatDollars,
  MAX_PRICE_CENTS,
  type Parsed,
  parseAmountCents,
  parsePriceCents,
  quoted,
} from './sale-values.ts';

/** The provenance columns of a sale (docs/product.md §11) and its comparable US price. */
export interface Provenance {
  price_cents: number;
  original_price_cents: number;
  currency: string;
  shipping_cents: number | null;
  buyer_premium_cents: number | null;
  title: string | null;
  listing_url: string | null;
  cert_number: string | null;
  source: SaleSource | null;
  best_offer_accepted: boolean;
}

export const MAX_TITLE_LENGTH = 300;
const MAX_URL_LENGTH = 2000;
const CERT = /^[A-Za-z0-9-]{1,30}$/;
const CURRENCY = /^[A-Z]{3}$/;
const TRUE_TEXT = new Set(['true', 'yes', '1', 'y']);
const FALSE_TEXT = new Set(['false', 'no', '0', 'n']);

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(reason: string): Parsed<T> => ({ ok: false, reason });

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function parseFlag(value: unknown, field: string): Parsed<boolean> {
  if (typeof value === 'boolean') return ok(value);
  const word = text(value)?.toLowerCase();
  if (word !== undefined && TRUE_TEXT.has(word)) return ok(true);
  if (word !== undefined && FALSE_TEXT.has(word)) return ok(false);
  return fail(`${field} ${quoted(value)} is not true or false`);
}

function parseUrl(value: unknown): Parsed<string> {
  const raw = text(value) ?? '';
  if (raw.length > MAX_URL_LENGTH) return fail(`listing_url is longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(`listing_url ${quoted(value)} is not a web address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail(`listing_url ${quoted(value)} is not an http or https address`);
  }
  return ok(url.href);
}

// The field parsers are functions of their own rather than closures made anew for every row of a file.
function parseShipping(value: unknown): Parsed<number> {
  return parseAmountCents(value, 'shipping', true);
}

function parsePremium(value: unknown): Parsed<number> {
  return parseAmountCents(value, 'buyer_premium', true);
}

/** A listing title as stored: text of at most MAX_TITLE_LENGTH characters once trimmed. */
export function parseTitleField(value: unknown): Parsed<string> {
  const words = text(value);
  if (words === undefined) return fail(`title ${quoted(value)} is not text`);
  return words.length > MAX_TITLE_LENGTH
    ? fail(`title is longer than ${MAX_TITLE_LENGTH} characters`)
    : ok(words);
}

function parseCert(value: unknown): Parsed<string> {
  const number = text(value);
  return number !== undefined && CERT.test(number)
    ? ok(number.toUpperCase())
    : fail(`cert_number ${quoted(value)} is not a certificate number (1 to 30 letters, digits or dashes)`);
}

function parseSource(value: unknown): Parsed<SaleSource> {
  const name = text(value)?.toLowerCase();
  return name !== undefined && (SALE_SOURCES as readonly string[]).includes(name)
    ? ok(name as SaleSource)
    : fail(`source ${quoted(value)} is not one of ${SALE_SOURCES.join(', ')}`);
}

function parseBestOffer(value: unknown): Parsed<boolean> {
  return parseFlag(value, 'best_offer_accepted');
}

function optional<T>(
  fields: Map<string, unknown>,
  key: string,
  parse: (value: unknown) => Parsed<T>,
): Parsed<T | null> {
  return fields.has(key) ? parse(fields.get(key)) : ok(null);
}

/**
 * The price and provenance of a record. `price` is the hammer or sale price in `currency` (US dollars
 * unless given); the comparable price stored in price_cents is that plus the buyer's premium, without
 * shipping, in US dollars at the reference rate of the sale day (`rates`; docs/product.md §11).
 */
export function parseProvenance(
  fields: Map<string, unknown>,
  soldOn: string,
  rates: FxRates | undefined,
): Parsed<Provenance> {
  const currency = text(fields.get('currency'))?.toUpperCase() ?? 'USD';
  if (!CURRENCY.test(currency))
    return fail(`currency ${quoted(fields.get('currency'))} is not an ISO 4217 code like USD`);
  const foreign = currency !== 'USD';
  const price = foreign
    ? fields.has('price')
      ? parseAmountCents(fields.get('price'), 'price', false)
      : fail<number>('price is missing')
    : parsePriceCents(fields.get('price'));
  if (!price.ok) return price;
  const shipping = optional(fields, 'shipping', parseShipping);
  if (!shipping.ok) return shipping;
  const premium = optional(fields, 'buyer_premium', parsePremium);
  if (!premium.ok) return premium;

  const paid = price.value + (premium.value ?? 0);
  let usdCents = paid;
  if (foreign) {
    const converted = rates ? toUsdCents(rates, paid, currency, soldOn) : undefined;
    if (!converted) return fail(`no ${currency} exchange rates are loaded`);
    if (!converted.ok) return converted;
    usdCents = converted.usdCents;
    if (usdCents <= 0)
      return fail(`price ${quoted(fields.get('price'))} ${currency} is less than one US cent`);
  }
  if (usdCents > MAX_PRICE_CENTS) {
    return fail(`price ${formatDollars(usdCents)} is above the ${formatDollars(MAX_PRICE_CENTS)} limit`);
  }

  const title = optional(fields, 'title', parseTitleField);
  if (!title.ok) return title;
  const url = optional(fields, 'listing_url', parseUrl);
  if (!url.ok) return url;
  const cert = optional(fields, 'cert_number', parseCert);
  if (!cert.ok) return cert;
  const source = optional(fields, 'source', parseSource);
  if (!source.ok) return source;
  const bestOffer = optional(fields, 'best_offer_accepted', parseBestOffer);
  if (!bestOffer.ok) return bestOffer;

  return ok({
    price_cents: usdCents,
    original_price_cents: price.value,
    currency,
    shipping_cents: shipping.value,
    buyer_premium_cents: premium.value,
    title: title.value,
    listing_url: url.value,
    cert_number: cert.value,
    source: source.value,
    best_offer_accepted: bestOffer.value ?? false,
  });
}
