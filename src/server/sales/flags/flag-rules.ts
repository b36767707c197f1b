import { findCardById } from '#shared/catalogue.ts';
import { formatDollars } from '#shared/money.ts';
import type { SetId } from '#shared/sets.ts';
import { titleMismatch } from '#shared/titles/parse-title.ts';
import { WorkingSpace } from '#shared/working-space.ts';
import type { NewSale } from '../../db/schema.ts';

/**
 * The checks that flag a sale and leave it out of statistics (docs/product.md §11, decision 015). Pure
 * functions over plain rows, so the writer can run them on a batch and the tests on fixed rows.
 */
export const FLAG_CODES = [
  'outlier-high',
  'outlier-low',
  'probable-duplicate',
  'title-mismatch',
  'best-offer-unrevealed',
] as const;
export type FlagCode = (typeof FLAG_CODES)[number];

export interface Flag {
  code: FlagCode;
  reason: string;
}

const DAY_MS = 86_400_000;
/** A sale is compared with the other sales of its cohort up to this many days before or after it. */
export const OUTLIER_WINDOW_DAYS = 90;
/** Fewer other sales than this in the window say too little about the price to call anything an outlier. */
export const OUTLIER_MIN_REFERENCES = 5;
/** At least this many times the median (or at most its inverse) … */
export const OUTLIER_RATIO = 3;
/** … and further from the median than this many scaled median absolute deviations. */
export const OUTLIER_MADS = 3;
/** 1.4826 × MAD estimates the standard deviation of normally distributed prices. */
const MAD_SCALE = 1.4826;
/** The same certificate sold again at the same price within this many days is a probable duplicate. */
export const CERT_REPEAT_DAYS = 14;

/** A price in cents as the flag reasons show it: $1,020, or $1,020.50 when it has cents. */
export function dollars(cents: number): string {
  return formatDollars(cents / 100);
}

/** First index of sorted[0 … size − 1] whose value is not below `value`. */
function lowerBound(sorted: Float64Array, size: number, value: number): number {
  let low = 0;
  let high = size;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** First index of sorted[0 … size − 1] whose value is above `value`. */
function upperBound(sorted: Float64Array, size: number, value: number): number {
  let low = 0;
  let high = size;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function cohortName(grader: string | null, grade: number | null): string {
  if (grader === null && grade === null) return 'ungraded';
  return [grader ?? 'any grader', grade ?? ''].join(' ').trim();
}

/** A cohort's sales (one card, grader and grade) in time order, as the outlier check reads them. */
export interface CohortSales {
  /** Milliseconds since the epoch. */
  soldAt: ArrayLike<number>;
  priceCents: ArrayLike<number>;
}

/**
 * The prices of the window as it slides, sorted, in working space kept between calls: a cohort of a card
 * with many sales holds thousands, and a new array for every judgement would be garbage.
 */
const windowSpace = new WorkingSpace((length) => new Float64Array(length));

/**
 * Outlier flags of the cohort's sales whose time is in [from, to], by position in the cohort, each judged
 * against the cohort's other sales within OUTLIER_WINDOW_DAYS either side: the median of their prices and
 * their median absolute deviation from it (MAD; the lower middle deviation for an even count). A sale is an
 * outlier when its price is at least OUTLIER_RATIO times the median (or at most a third of it) and further
 * from the median than OUTLIER_MADS × 1.4826 × MAD; the second test keeps a cohort whose prices spread
 * widely anyway from being flagged at its edges. The window's prices are kept sorted as it slides, so each
 * sale costs a few binary searches however many sales the window holds.
 */
export function outlierFlags(
  sales: CohortSales,
  grader: string | null,
  grade: number | null,
  from: number,
  to: number,
): Map<number, Flag> {
  const flags = new Map<number, Flag>();
  const window = OUTLIER_WINDOW_DAYS * DAY_MS;
  const count = sales.soldAt.length;
  /** The prices of the sales in [start, end), sorted, in sorted[0 … size − 1]. */
  const sorted = windowSpace.take(count);
  let size = 0;
  let start = 0;
  let end = 0;
  for (let index = 0; index < count; index++) {
    const soldAt = sales.soldAt[index]!;
    if (soldAt < from || soldAt > to) continue;
    while (end < count && sales.soldAt[end]! <= soldAt + window) {
      const price = sales.priceCents[end++]!;
      const at = upperBound(sorted, size, price);
      sorted.copyWithin(at + 1, at, size++);
      sorted[at] = price;
    }
    while (sales.soldAt[start]! < soldAt - window) {
      const at = lowerBound(sorted, size, sales.priceCents[start++]!);
      sorted.copyWithin(at, at + 1, size--);
    }
    const others = size - 1;
    if (others < OUTLIER_MIN_REFERENCES) continue;
    const price = sales.priceCents[index]!;
    // The others' k-th smallest price: the window's, stepping over one copy of this sale's own price.
    const self = lowerBound(sorted, size, price);
    const half = others >> 1;
    const upper = half < self ? sorted[half]! : sorted[half + 1]!;
    const lower = half - 1 < self ? sorted[half - 1]! : sorted[half]!;
    const middle = others % 2 === 1 ? upper : (lower + upper) / 2;
    const ratio = price / middle;
    // Most sales are near the median: the ratio settles them before the spread is counted.
    if (ratio < OUTLIER_RATIO && ratio > 1 / OUTLIER_RATIO) continue;
    const distance = Math.abs(price - middle);
    // MAD < distance / (OUTLIER_MADS × MAD_SCALE) exactly when more than the lower half of the others lie
    // closer than that to the median.
    const reach = distance / (OUTLIER_MADS * MAD_SCALE);
    const low = middle - reach;
    const high = middle + reach;
    const inReach =
      lowerBound(sorted, size, high) - upperBound(sorted, size, low) - (price > low && price < high ? 1 : 0);
    if (inReach < ((others - 1) >> 1) + 1) continue;
    const about = `the median of ${dollars(Math.round(middle))} of ${others} other ${cohortName(grader, grade)} sales within ${OUTLIER_WINDOW_DAYS} days`;
    flags.set(index, {
      code: ratio >= OUTLIER_RATIO ? 'outlier-high' : 'outlier-low',
      reason: `${formatRatio(ratio)}× ${about}`,
    });
  }
  return flags;
}

function formatRatio(ratio: number): string {
  return ratio >= 10 ? ratio.toFixed(0) : ratio >= 1 ? ratio.toFixed(1) : ratio.toFixed(2);
}

/** What the flags of a sale's own record need: its card, title and how it sold. */
export interface RecordFacts {
  setId: string;
  cardId: string;
  title: string | null | undefined;
  saleType: string | null | undefined;
  bestOfferAccepted: boolean | number | undefined;
}

/**
 * Reading a title costs tens of microseconds; marketplaces repeat titles, so answers are remembered (capped),
 * by card and then by title: a key joined from both cost more to hash than the look-up saved.
 */
const knownMismatches = new Map<string, Map<string, string | null>>();
let mismatchesKnown = 0;

function mismatchOf(title: string, setId: SetId, cardId: string): string | null {
  let ofCard = knownMismatches.get(cardId);
  const known = ofCard?.get(title);
  if (known !== undefined) return known;
  const mismatch = titleMismatch(title, { setId, cardId });
  if (mismatchesKnown < 50_000) {
    if (!ofCard) {
      ofCard = new Map();
      knownMismatches.set(cardId, ofCard);
    }
    ofCard.set(title, mismatch);
    mismatchesKnown++;
  }
  return mismatch;
}

/** Flags that follow from the sale's own record: a title of another item, a Best Offer without its price. */
export function recordFlags(facts: RecordFacts): Flag[] {
  const flags: Flag[] = [];
  if (facts.title && findCardById(facts.cardId)?.setId === facts.setId) {
    const mismatch = mismatchOf(facts.title, facts.setId as SetId, facts.cardId);
    if (mismatch) flags.push({ code: 'title-mismatch', reason: `The title says ${mismatch}` });
  }
  if (facts.saleType === 'best_offer' && !facts.bestOfferAccepted) {
    flags.push({
      code: 'best-offer-unrevealed',
      reason: 'Sold by Best Offer: the price is the list price, not the accepted offer',
    });
  }
  return flags;
}

/** A sale's own record, as stored: what recordFlags reads from it. */
type OwnRecord = Pick<NewSale, 'set_id' | 'card_id' | 'title' | 'sale_type' | 'best_offer_accepted'>;

/** The flags of a stored sale's own record (recordFlags). */
export function saleRecordFlags(record: OwnRecord): Flag[] {
  if (!record.title && record.sale_type !== 'best_offer') return [];
  return recordFlags({
    setId: record.set_id,
    cardId: record.card_id,
    title: record.title,
    saleType: record.sale_type,
    bestOfferAccepted: record.best_offer_accepted,
  });
}

/**
 * The flags of a record about to be stored, judged once: kept on the record (an import judges them on its
 * file-reading thread), so storing it and flagging it read the same judgement.
 */
export function ownFlagsOf(record: OwnRecord & { ownFlags?: readonly Flag[] }): readonly Flag[] {
  record.ownFlags ??= saleRecordFlags(record);
  return record.ownFlags;
}

/** A sale as the duplicate checks compare it. */
export interface DuplicateCandidate {
  id: string;
  soldAt: number;
  soldOn: string;
  priceCents: number;
  seller: string;
  grader: string | null;
  grade: number | null;
}

/**
 * probable-duplicate flags: a sale with the same cohort, seller, price and sale day as an earlier one (the
 * earlier in time, then in storing order, is the original). `sales` are one card's.
 */
export function sameDayDuplicates(sales: readonly DuplicateCandidate[]): Map<string, Flag> {
  const flags = new Map<string, Flag>();
  const groups = new Map<string, DuplicateCandidate[]>();
  for (const sale of sales) {
    const key = [sale.grader, sale.grade, sale.soldOn, sale.priceCents, sale.seller].join('\u0000');
    const group = groups.get(key);
    if (group) group.push(sale);
    else groups.set(key, [sale]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => a.soldAt - b.soldAt || (a.id < b.id ? -1 : 1));
    const first = group[0]!;
    for (const later of group.slice(1)) {
      flags.set(later.id, {
        code: 'probable-duplicate',
        reason: `Same seller (${first.seller}), price (${dollars(first.priceCents)}) and day (${first.soldOn}) as an earlier sale`,
      });
    }
  }
  return flags;
}

/** A sale of a certificate, for the repeat check. */
export interface CertSale {
  id: string;
  certNumber: string;
  grader: string | null;
  soldAt: number;
  priceCents: number;
}

/** probable-duplicate flags: the same grader's certificate sold again within CERT_REPEAT_DAYS at the same price. */
export function certRepeats(sales: readonly CertSale[]): Map<string, Flag> {
  const flags = new Map<string, Flag>();
  const bySlab = new Map<string, CertSale[]>();
  for (const sale of sales) {
    const key = `${sale.grader ?? ''}\u0000${sale.certNumber}`;
    const group = bySlab.get(key);
    if (group) group.push(sale);
    else bySlab.set(key, [sale]);
  }
  for (const group of bySlab.values()) {
    group.sort((a, b) => a.soldAt - b.soldAt || (a.id < b.id ? -1 : 1));
    group.forEach((sale, index) => {
      const earlier = group
        .slice(0, index)
        .find(
          (other) =>
            other.priceCents === sale.priceCents && sale.soldAt - other.soldAt <= CERT_REPEAT_DAYS * DAY_MS,
        );
      if (!earlier) return;
      const days = Math.round((sale.soldAt - earlier.soldAt) / DAY_MS);
      flags.set(sale.id, {
        code: 'probable-duplicate',
        reason: `Certificate ${[sale.grader, sale.certNumber].filter(Boolean).join(' ')} sold at the same price (${dollars(sale.priceCents)}) ${days === 0 ? 'the same day' : `${days} day${days === 1 ? '' : 's'} earlier`}`,
      });
    });
  }
  return flags;
}
