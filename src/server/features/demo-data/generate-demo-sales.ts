import { allCards, cardsOf } from '#shared/catalogue.ts';
import type { SALE_GRADERS, SALE_TYPES } from '#shared/sales-constants.ts';
import { SET_IDS, type SetId } from '#shared/sets.ts';
import type { SaleRecord } from '../../sales/sale-record.ts';
import { type CardStanding, cardStanding } from './card-standing.ts';
import { DemoProvenance } from './demo-provenance.ts';
import { Random, WeightedPicker } from './prng.ts';
import { makeSellers } from './sellers.ts';

export interface DemoOptions {
  seed: number;
  count: number;
  /** Today's date (UTC, YYYY-MM-DD): sales run from three years before it up to and including it. */
  today: string;
  /** When given (and on `today`), today's sales end before this instant rather than anywhere in the day. */
  now?: Date;
}

export const DEMO_DAYS = 3 * 365;
const DEMO_SELLERS = 300;
const DAY_MS = 86_400_000;

/** Demo sales come from the four graders with a long sales history; TAG slabs are too recent to matter. */
type Grader = Exclude<(typeof SALE_GRADERS)[number], 'TAG'>;
type SaleType = (typeof SALE_TYPES)[number];

const GRADERS: [Grader, number][] = [
  ['PSA', 68],
  ['BGS', 14],
  ['CGC', 12],
  ['SGC', 6],
];
const PSA_GRADES: [number, number][] = [
  [10, 6],
  [9, 30],
  [8, 28],
  [7, 14],
  [6, 8],
  [5, 5],
  [4, 4],
  [3, 2.5],
  [2, 1.5],
  [1, 1],
];
/** BGS, CGC and SGC give half grades. */
const HALF_GRADES: [number, number][] = [
  [10, 3],
  [9.5, 10],
  [9, 25],
  [8.5, 14],
  [8, 17],
  [7.5, 8],
  [7, 8],
  [6, 6],
  [5, 4],
  [4, 2.5],
  [3, 1.2],
  [2, 0.8],
  [1, 0.5],
];
/** Price relative to the same card in PSA 9 (10 and 9.5 depend on the card's gem premium). */
const GRADE_FACTOR: Record<number, number> = {
  9: 1,
  8.5: 0.7,
  8: 0.5,
  7.5: 0.4,
  7: 0.33,
  6: 0.25,
  5: 0.2,
  4: 0.16,
  3: 0.13,
  2: 0.11,
  1: 0.09,
};
const GRADER_FACTOR: Record<Grader, number> = { PSA: 1, BGS: 0.85, CGC: 0.7, SGC: 0.75 };
const SALE_TYPE_MIX: [SaleType, number][] = [
  ['auction', 55],
  ['buy_it_now', 30],
  ['best_offer', 15],
];
const SALE_TYPE_FACTOR: Record<SaleType, number> = { auction: 1, buy_it_now: 1.06, best_offer: 0.93 };

interface CardMarket extends CardStanding {
  /** Yearly price change, as a natural log (0.1 ≈ +10 % a year). */
  drift: number;
  cyclePhase: number;
}

function gradeFactor(grade: number, grader: Grader, gemPremium: number): number {
  // BGS 10 (Pristine) is rarer than PSA 10 and sells above it.
  if (grade === 10) return gemPremium * (grader === 'BGS' ? 1.3 / GRADER_FACTOR.BGS : 1);
  if (grade === 9.5) return Math.sqrt(gemPremium) * 1.1;
  return GRADE_FACTOR[grade] ?? GRADE_FACTOR[Math.floor(grade)]!;
}

function shopPrice(random: Random, dollars: number, saleType: SaleType): number {
  if (saleType === 'auction') return Math.max(99, Math.round(dollars * 100));
  // Fixed prices are round: $150 or $149.99.
  const whole = Math.max(1, Math.round(dollars));
  return whole >= 20 && random.next() < 0.6 ? whole * 100 - 1 : whole * 100;
}

/**
 * Demo sales of 1st Edition graded cards over the last three years, one at a time so any number can be
 * streamed into the database. The same options always give the same rows. The first six sales put each set
 * on today and yesterday (the admin view opens on yesterday); the next ones give every catalogue card a sale.
 */
export function* generateDemoSales(options: DemoOptions): Generator<SaleRecord> {
  const todayMs = Date.parse(`${options.today}T00:00:00.000Z`);
  if (!Number.isFinite(todayMs)) throw new Error(`today must be a date (YYYY-MM-DD), not ${options.today}`);
  const nowMs = options.now?.getTime();
  const todayEndsAt =
    nowMs !== undefined && nowMs >= todayMs && nowMs < todayMs + DAY_MS ? nowMs - todayMs : DAY_MS;

  const random = new Random(options.seed);
  const sellers = new WeightedPicker(makeSellers(random, DEMO_SELLERS), (seller) => seller.weight);
  const marketPhase = random.between(0, 2 * Math.PI);
  const markets: CardMarket[] = allCards().map((card) => ({
    ...cardStanding(card),
    drift: random.between(-0.08, 0.25),
    cyclePhase: marketPhase + random.between(-0.6, 0.6),
  }));
  const anyCard = new WeightedPicker(markets, (market) => market.popularity);
  const cardOfSet = new Map<SetId, WeightedPicker<CardMarket>>(
    SET_IDS.map((setId) => {
      const ids = new Set(cardsOf(setId).map((card) => card.cardId));
      return [
        setId,
        new WeightedPicker(
          markets.filter((m) => ids.has(m.card.cardId)),
          (m) => m.popularity,
        ),
      ];
    }),
  );
  const graders = new WeightedPicker(GRADERS, ([, weight]) => weight);
  const psaGrades = new WeightedPicker(PSA_GRADES, ([, weight]) => weight);
  const halfGrades = new WeightedPicker(HALF_GRADES, ([, weight]) => weight);
  const saleTypes = new WeightedPicker(SALE_TYPE_MIX, ([, weight]) => weight);
  const pinned = SET_IDS.length * 2;
  const provenance = new DemoProvenance(options.seed);

  for (let index = 0; index < options.count; index++) {
    let market: CardMarket;
    let daysAgo: number;
    if (index < pinned) {
      market = cardOfSet.get(SET_IDS[index % SET_IDS.length]!)!.pick(random);
      daysAgo = index < SET_IDS.length ? 0 : 1;
    } else {
      market = index < pinned + markets.length ? markets[index - pinned]! : anyCard.pick(random);
      // The market has grown: recent days see more sales than three years ago.
      const position = random.next() ** (1 / 1.5);
      daysAgo = DEMO_DAYS - Math.min(DEMO_DAYS, Math.floor(position * (DEMO_DAYS + 1)));
    }
    // Most auctions end in the US evening, which is early morning UTC.
    let timeOfDay = random.next() < 0.55 ? random.between(0, 6 * 3_600_000) : random.between(0, DAY_MS);
    if (daysAgo === 0) timeOfDay = (timeOfDay * todayEndsAt) / DAY_MS;
    const soldAtMs = todayMs - daysAgo * DAY_MS + Math.floor(timeOfDay);
    const yearsAgo = (todayMs + DAY_MS - soldAtMs) / (365 * DAY_MS);

    const [grader] = graders.pick(random);
    const [grade] = grader === 'PSA' ? psaGrades.pick(random) : halfGrades.pick(random);
    const [saleType] = saleTypes.pick(random);
    const trend =
      -market.drift * yearsAgo + 0.1 * Math.sin((2 * Math.PI * (3 - yearsAgo)) / 2.3 + market.cyclePhase);
    const outlier = random.next() < 0.015 ? random.between(-0.45, 0.45) : 0;
    const noise = 0.14 * random.normal() + outlier;
    const dollars =
      market.psa9Dollars *
      gradeFactor(grade, grader, market.gemPremium) *
      GRADER_FACTOR[grader] *
      SALE_TYPE_FACTOR[saleType] *
      Math.exp(trend + noise);

    const seller = sellers.pick(random);
    const rating = seller.rating - 0.05 * yearsAgo + 0.1 * random.normal();
    const soldAt = new Date(soldAtMs).toISOString();
    const sale: SaleRecord = {
      card_id: market.card.cardId,
      set_id: market.card.setId,
      card_name: market.card.searchName,
      card_number: market.card.number,
      card_rarity: market.card.rarity,
      price_cents: shopPrice(random, dollars, saleType),
      sold_on: soldAt.slice(0, 10),
      sold_at: soldAt,
      seller: seller.name,
      seller_rating: Math.round(Math.min(100, Math.max(97, rating)) * 10) / 10,
      image: null,
      grading_company: grader,
      grade,
      sale_type: saleType,
      source_ref: `demo-${options.seed}-${index}`,
    };
    // The first sales give each set today and yesterday and each card a sale: none of them repeats another.
    yield provenance.dress(sale, index >= pinned + markets.length);
  }
}
