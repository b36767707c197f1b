import fs from 'node:fs';
import { getSet, type SetId } from '#shared/sets.ts';
import { parseEcbCsv } from '../../sales/fx/ecb-csv.ts';
import { type FxRates, ratesByDay, usdPerUnit } from '../../sales/fx/fx-rates.ts';
import type { SaleRecord } from '../../sales/sale-record.ts';
import { Random, WeightedPicker } from './prng.ts';

/**
 * Illustrative reference rates in the European Central Bank's format for the demo's foreign sales (smooth
 * made-up paths near recent levels, not the bank's published figures); loading demo data stores them.
 */
export const DEMO_RATES_FILE = new URL('../../../../data/demo-fx-rates.csv', import.meta.url);

export function readDemoRates() {
  return parseEcbCsv(fs.readFileSync(DEMO_RATES_FILE, 'utf8'));
}

type Source = NonNullable<SaleRecord['source']>;

const SOURCES: [Source, number][] = [
  ['ebay', 78],
  ['goldin', 5],
  ['heritage', 4],
  ['pwcc', 4],
  ['fanatics', 3],
  ['myslabs', 3],
  ['pristine', 2],
  ['other', 1],
];
/** Auction houses add a buyer's premium to the hammer price. */
const PREMIUM: Partial<Record<Source, number>> = { goldin: 0.2, heritage: 0.2, pwcc: 0.18, fanatics: 0.2 };
/** Marketplaces abroad, for the sales of the demo's `other` source and a share of eBay's. */
const FOREIGN: [string, number][] = [
  ['JPY', 4],
  ['GBP', 3],
  ['CAD', 2],
  ['AUD', 1],
];

/** How often the demo's doubtful sales come up, per sale (docs/product.md §11 flags). */
const CHANCES = {
  foreign: 0.03,
  cert: 0.25,
  resale: 0.08,
  outlier: 0.002,
  duplicate: 0.002,
  lot: 0.002,
  bestOfferUnrevealed: 0.15,
};

/** The number as printed: Red Cheeks Pikachu's catalogue number (103/102) is not on the card. */
function printedNumber(number: string): string {
  const [own, total] = number.split('/').map(Number);
  return own !== undefined && total !== undefined && own > total ? '' : number;
}

/** Certificates kept per card, grader and grade for resales: enough for variety, bounded in memory. */
const SLABS_PER_COHORT = 20;

/**
 * Provenance for demo sales: titles, sources, buyer's premiums, certificates (some slabs sell again), a few
 * foreign-currency sales, Best Offers with and without their accepted price, and a few sales that the
 * checks flag (outliers, duplicates, lots), so a new user sees flags on a first search. A Random of its own,
 * so the sales' other fields stay what they were for a seed.
 */
export class DemoProvenance {
  private readonly random: Random;
  private readonly sources = new WeightedPicker(SOURCES, ([, weight]) => weight);
  private readonly currencies = new WeightedPicker(FOREIGN, ([, weight]) => weight);
  private readonly slabs = new Map<string, string[]>();
  private readonly rates: FxRates;
  private previous: SaleRecord | undefined;
  private nextCert: number;

  constructor(seed: number) {
    this.random = new Random(seed ^ 0x5eed_f1a9);
    this.rates = ratesByDay(readDemoRates());
    this.nextCert = 40_000_000 + Math.floor(this.random.next() * 10_000_000);
  }

  /**
   * The sale with its provenance; when `mayRepeat`, some sales become a copy of the one before (a duplicate
   * listing).
   */
  dress(sale: SaleRecord, mayRepeat: boolean): SaleRecord {
    const random = this.random;
    const previous = this.previous;
    if (previous && random.next() < CHANCES.duplicate && mayRepeat) {
      // The same sale reported twice, as a feed and a file of the same marketplace might.
      return { ...previous, source_ref: sale.source_ref };
    }
    const [source] = this.sources.pick(random);
    let priceCents = sale.price_cents;
    if (random.next() < CHANCES.outlier)
      priceCents = Math.round(priceCents * (random.next() < 0.5 ? 5 : 0.15));
    const premiumRate = PREMIUM[source];
    const hammer = premiumRate ? Math.round(priceCents / (1 + premiumRate)) : priceCents;
    const premium = premiumRate ? priceCents - hammer : null;
    const lot = random.next() < CHANCES.lot;
    const card = `${sale.card_name.replace(/ non-holo$/, '')} ${printedNumber(sale.card_number)}`.trim();
    const slab =
      sale.grading_company && sale.grade !== null ? `${sale.grading_company} ${sale.grade}` : 'Ungraded';
    const set = getSet(sale.set_id as SetId).name;
    const title = lot
      ? `Lot of 3 ${set} 1st Edition ${card} ${slab}`
      : `1999 Pokemon ${set} 1st Edition ${card} ${slab}`;
    const dressed: SaleRecord = {
      ...sale,
      price_cents: lot ? priceCents * 3 : priceCents,
      original_price_cents: lot ? hammer * 3 : hammer,
      buyer_premium_cents: premium === null ? null : lot ? premium * 3 : premium,
      shipping_cents:
        source === 'ebay' ? (random.next() < 0.5 ? 0 : 500 + 100 * Math.floor(random.next() * 20)) : null,
      currency: 'USD',
      source,
      title,
      listing_url: null,
      cert_number: this.certFor(sale),
      best_offer_accepted: sale.sale_type === 'best_offer' && random.next() >= CHANCES.bestOfferUnrevealed,
    };
    if ((source === 'ebay' || source === 'other') && random.next() < CHANCES.foreign) this.abroad(dressed);
    this.previous = dressed;
    return dressed;
  }

  /** A sale on a marketplace abroad: its price as sold, in the local currency at the day's rate. */
  private abroad(sale: SaleRecord): void {
    const [currency] = this.currencies.pick(this.random);
    const rate = usdPerUnit(this.rates, currency, sale.sold_on);
    if (!rate) return;
    sale.currency = currency;
    sale.original_price_cents = Math.max(1, Math.round(Number(sale.original_price_cents) / rate.rate));
    // What the importer would store for that price: converted back at the same rate.
    sale.price_cents = Math.max(1, Math.round(sale.original_price_cents * rate.rate));
    sale.buyer_premium_cents = null;
    sale.shipping_cents = null;
  }

  private certFor(sale: SaleRecord): string | null {
    const random = this.random;
    if (sale.grading_company === null || random.next() >= CHANCES.cert) return null;
    const key = `${sale.card_id}|${sale.grading_company}|${sale.grade}`;
    const earlier = this.slabs.get(key) ?? [];
    if (earlier.length > 0 && random.next() < CHANCES.resale)
      return earlier[Math.floor(random.next() * earlier.length)]!;
    const cert = String(this.nextCert++);
    if (earlier.length < SLABS_PER_COHORT) this.slabs.set(key, [...earlier, cert]);
    return cert;
  }
}
