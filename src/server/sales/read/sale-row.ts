import crypto from 'node:crypto';
import { cardNameKey, normaliseCardName } from '#shared/card-names.ts';
import { type Card, findCardByName, findCardByNumber } from '#shared/catalogue.ts';
import { SALE_GRADERS, SALE_TYPES } from '#shared/sales-constants.ts';
import { getSet, parseSetId, type SetId } from '#shared/sets.ts';
import type { FxRates } from '../fx/fx-rates.ts';
import type { SaleRecord } from '../sale-record.ts';
import { parseProvenance } from './sale-provenance.ts';
import { readCardFromTitle } from './sale-title.ts';
import {
  addDays,
  EARLIEST_SALE_DAY,
  memoised,
  parseNumber,
  parseSaleDate,
  parseTimestamp,
  quoted,
} from './sale-values.ts';

interface ParsedSale {
  sale: SaleRecord;
  /** Base64 image payload (no data: prefix), decoded when the row is stored. */
  imageBase64: string | undefined;
}

export type RowResult = { ok: true; value: ParsedSale } | { ok: false; reason: string };

export interface RowRules {
  /** Today's date (UTC, YYYY-MM-DD); sales dated after tomorrow are refused. */
  today: string;
  /** Reference exchange rates for prices in other currencies than US dollars; none loaded refuses them. */
  rates?: FxRates | undefined;
}

const MAX_SELLER_LENGTH = 100;
const MAX_SOURCE_ID_LENGTH = 200;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),/i;
const SALE_TYPE_ALIASES: Record<string, (typeof SALE_TYPES)[number]> = {
  bin: 'buy_it_now',
  buy_now: 'buy_it_now',
  fixed_price: 'buy_it_now',
  offer: 'best_offer',
  best_offer_accepted: 'best_offer',
};

/** `Card Name`, `card-name`, `cardName` and `card_name` all name the same field. */
const fieldKey = memoised(
  (key: string) =>
    key
      .trim()
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/[\s-]+/g, '_')
      .toLowerCase(),
  () => true,
);

const cardByNumber = memoised(
  (key: string) => {
    const [setId, number] = key.split('|') as [SetId, string];
    return findCardByNumber(setId, number);
  },
  (card) => card !== undefined,
);

/**
 * The field names of the last record and their normalised keys, by position. A file's records name their
 * fields in the same order, so each name is compared with the last record's at its place before it is
 * looked up.
 */
const lastNames: string[] = [];
const lastKeys: string[] = [];

/** Fields by normalised name; empty strings (blank CSV cells) count as absent. */
function normaliseFields(record: Record<string, unknown>): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  let position = 0;
  for (const name in record) {
    if (!Object.hasOwn(record, name)) continue;
    if (lastNames[position] !== name) {
      lastNames[position] = name;
      lastKeys[position] = fieldKey(name);
    }
    const key = lastKeys[position++]!;
    const value = record[name];
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    fields.set(key, value);
  }
  return fields;
}

const dayAfter = memoised(
  (day: string) => addDays(day, 1),
  () => true,
);

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** The printed name agrees with what was typed, with or without the non-holo marker. */
function namesAgree(card: Card, typed: string): boolean {
  const key = cardNameKey(normaliseCardName(typed));
  return key === cardNameKey(card.searchName) || key === cardNameKey(card.name);
}

function resolveCard(
  setId: SetId,
  typedName: string | undefined,
  number: string | undefined,
): Card | undefined {
  if (number) {
    const byNumber = cardByNumber(`${setId}|${number}`);
    if (byNumber && (!typedName || namesAgree(byNumber, typedName))) return byNumber;
  }
  return typedName ? findCardByName(setId, typedName) : undefined;
}

function parseImage(value: unknown): { ok: true; value: string } | { ok: false; reason: string } {
  if (typeof value !== 'string') return { ok: false, reason: 'imageData is not a base64 string' };
  let payload = value.trim();
  const dataUrl = DATA_URL.exec(payload);
  if (dataUrl) {
    const mime = dataUrl[1]!.toLowerCase();
    if (mime && !mime.startsWith('image/')) {
      return { ok: false, reason: `imageData is a data: URL of type ${mime}, not an image` };
    }
    if (!/;base64/i.test(dataUrl[2] ?? '')) return { ok: false, reason: 'imageData data: URL is not base64' };
    payload = payload.slice(dataUrl[0].length);
  }
  payload = payload.replace(/\s+/g, '');
  if (payload.length === 0 || !BASE64.test(payload))
    return { ok: false, reason: 'imageData is not valid base64' };
  return { ok: true, value: payload };
}

function canonicalSourceRef(sale: Omit<SaleRecord, 'source_ref'>): string {
  const canonical = [sale.set_id, sale.card_id, sale.price_cents, sale.sold_at, sale.seller].join('|');
  return `sha256:${crypto.createHash('sha256').update(canonical).digest('hex')}`;
}

function fail(reason: string): RowResult {
  return { ok: false, reason };
}

/**
 * Validates one `flat_sales` record (plus our optional columns) and turns it into a sale to store, or says
 * why it cannot be stored. The card is always a catalogue card; its catalogue name, number and rarity win
 * over what the record says.
 */
export function parseSaleRow(record: Record<string, unknown>, rules: RowRules): RowResult {
  const fields = normaliseFields(record);
  // PostgreSQL cannot store NUL in text, so such a row would sink its whole batch there; refuse it alone.
  for (const [key, value] of fields) {
    if (typeof value === 'string' && value.includes('\u0000')) return fail(`${key} contains a NUL character`);
  }
  const titleRefusal = readCardFromTitle(fields);
  if (titleRefusal) return fail(titleRefusal);

  const rawSet = text(fields.get('set_id') ?? fields.get('set'));
  if (!rawSet) return fail('set_id is missing');
  const setId = parseSetId(rawSet);
  if (!setId) return fail(`set_id ${quoted(rawSet)} is not base_set, jungle_set or fossil_set`);

  const typedName = text(fields.get('card_name'));
  const number = text(fields.get('card_number'));
  if (!typedName && !number) return fail('card_name is missing');
  const card = resolveCard(setId, typedName, number);
  if (!card) {
    const what = typedName ? `card ${quoted(typedName)}` : `card number ${quoted(number)}`;
    return fail(`${what} is not in the ${getSet(setId).name} catalogue`);
  }

  const rawDate = fields.get('sale_date');
  const rawTimestamp = fields.get('timestamp');
  if (rawDate === undefined && rawTimestamp === undefined) {
    return fail('the sale has no date: give sale_date or timestamp');
  }
  const day = rawDate === undefined ? undefined : parseSaleDate(rawDate);
  if (day && !day.ok) return day;
  const instant = rawTimestamp === undefined ? undefined : parseTimestamp(rawTimestamp);
  if (instant && !instant.ok) return instant;
  // A date without a time is taken as midday UTC, which is the same calendar day across the Americas and Europe.
  const soldAt = instant?.value ?? `${day!.value}T12:00:00.000Z`;
  const soldOn = day?.value ?? soldAt.slice(0, 10);
  const soldAtDay = soldAt.slice(0, 10);
  const [earliest, latest] = soldOn < soldAtDay ? [soldOn, soldAtDay] : [soldAtDay, soldOn];
  if (latest > dayAfter(rules.today)) return fail(`the sale date ${latest} is in the future`);
  if (earliest < EARLIEST_SALE_DAY) return fail(`the sale date ${earliest} is before 1999`);

  // Statistics compare US dollars paid for the card: a foreign price is converted at its sale day's rate.
  const provenance = parseProvenance(fields, soldOn, rules.rates);
  if (!provenance.ok) return provenance;

  const seller = text(fields.get('seller'));
  if (!seller) return fail('seller is missing');
  if (seller.length > MAX_SELLER_LENGTH) return fail(`seller is longer than ${MAX_SELLER_LENGTH} characters`);

  let sellerRating: number | null = null;
  if (fields.has('seller_rating')) {
    const rating = parseNumber(fields.get('seller_rating'));
    if (rating === undefined || rating < 0 || rating > 100) {
      return fail(`seller_rating ${quoted(fields.get('seller_rating'))} is not a percentage from 0 to 100`);
    }
    sellerRating = rating;
  }

  let gradingCompany: string | null = null;
  if (fields.has('grading_company')) {
    const company = text(fields.get('grading_company'))?.toUpperCase();
    if (!company || !(SALE_GRADERS as readonly string[]).includes(company)) {
      return fail(
        `grading_company ${quoted(fields.get('grading_company'))} is not one of ${SALE_GRADERS.join(', ')}`,
      );
    }
    gradingCompany = company;
  }

  let grade: number | null = null;
  if (fields.has('grade')) {
    const value = parseNumber(fields.get('grade'));
    if (value === undefined || value < 1 || value > 10 || !Number.isInteger(value * 2)) {
      return fail(`grade ${quoted(fields.get('grade'))} is not a grade from 1 to 10 (halves allowed)`);
    }
    grade = value;
  }

  let saleType: string | null = null;
  if (fields.has('sale_type')) {
    const key = fieldKey(text(fields.get('sale_type')) ?? '');
    const type = (SALE_TYPES as readonly string[]).includes(key) ? key : SALE_TYPE_ALIASES[key];
    if (!type)
      return fail(`sale_type ${quoted(fields.get('sale_type'))} is not one of ${SALE_TYPES.join(', ')}`);
    saleType = type;
  }

  let imageBase64: string | undefined;
  if (fields.has('image_data')) {
    const image = parseImage(fields.get('image_data'));
    if (!image.ok) return image;
    imageBase64 = image.value;
  }

  const sale: SaleRecord = {
    card_id: card.cardId,
    set_id: setId,
    card_name: card.searchName,
    card_number: card.number,
    card_rarity: card.rarity,
    sold_on: soldOn,
    sold_at: soldAt,
    seller,
    seller_rating: sellerRating,
    image: null,
    grading_company: gradingCompany,
    grade,
    sale_type: saleType,
    ...provenance.value,
    source_ref: '',
  };
  const ownId = text(fields.get('source_ref') ?? fields.get('id') ?? fields.get('sale_id'));
  if (ownId && ownId.length > MAX_SOURCE_ID_LENGTH)
    return fail(`id is longer than ${MAX_SOURCE_ID_LENGTH} characters`);
  sale.source_ref = ownId || canonicalSourceRef(sale);
  return { ok: true, value: { sale, imageBase64 } };
}
