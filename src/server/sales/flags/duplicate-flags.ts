import type { Kysely } from 'kysely';
import type { DatabaseHandle, Dialect } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { type CardSales, countSoldSince } from '../card-sales/card-sales.ts';
import { cohortSalesAtPrices } from './flag-lookups.repository.ts';
import { certRepeats, type DuplicateCandidate, sameDayDuplicates } from './flag-rules.ts';
import { type CardRange, cohortKey, DAY_MS, iso } from './new-sales-range.ts';
import * as repo from './sale-flags.repository.ts';

/** A group of one card's sales that share a cohort (grade code), a price and a UTC day (days since the epoch). */
interface SameDayGroup {
  range: CardRange;
  sales: CardSales;
  day: number;
  price: number;
  code: number;
  count: number;
}

/**
 * The groups of the card's sales that share a cohort, a price and a UTC day with another sale, a new one
 * among them: the only ones that can hold new same-day duplicates (a pair of two older sales was judged
 * when the later arrived). Only the new sales' days are read, each found in the columns by its instants,
 * and a sale is looked up by its price within its day, small numbers both, rather than by price and day in
 * one number too large for a small integer: across a million sales that look-up took most of the time.
 */
function sameDayGroups(range: CardRange, sales: CardSales): SameDayGroup[] {
  const cohortOfCode = sales.gradeKeys.map((key) => cohortKey(key.grader, key.grade));
  const groups = new Map<string, SameDayGroup>();
  for (const day of [...range.newSales.keys()].sort((a, b) => a - b)) {
    const prices = range.newSales.get(day)!;
    // The columns are newest first: the day's sales run from its oldest, at the higher index, to its newest.
    const newest = countSoldSince(sales, (day + 1) * DAY_MS);
    for (let index = countSoldSince(sales, day * DAY_MS) - 1; index >= newest; index--) {
      const price = sales.prices[index]!;
      const code = sales.gradeCodes[index]!;
      if (!prices.get(price)?.has(cohortOfCode[code]!)) continue;
      const key = `${day}|${price}|${code}`;
      const group = groups.get(key);
      if (group) group.count += 1;
      else groups.set(key, { range, sales, day, price, code, count: 1 });
    }
  }
  return [...groups.values()].filter((group) => group.count > 1);
}

/**
 * probable-duplicate flags among the cards' sales of the groups sameDayGroups finds: only those sales are
 * looked up for their seller and sale day, all cards' in one look-up.
 */
export async function sameDayDuplicateFlags(
  executor: Kysely<Database>,
  dialect: Dialect,
  cards: readonly { range: CardRange; sales: CardSales }[],
): Promise<repo.NewFlag[]> {
  const groups = cards.flatMap(({ range, sales }) => sameDayGroups(range, sales));
  const lookUps = groups.map(({ range, sales, day, price, code }) => ({
    setId: range.card.setId,
    cardName: range.card.searchName,
    ...sales.gradeKeys[code]!,
    priceCents: price,
    from: iso(day * DAY_MS),
    before: iso((day + 1) * DAY_MS),
  }));
  const found = await cohortSalesAtPrices(executor, dialect, lookUps);
  const flags: repo.NewFlag[] = [];
  lookUps.forEach(({ setId, cardName, grader, grade, priceCents }, at) => {
    const rows = found[at]!;
    const candidates: DuplicateCandidate[] = rows.map((row) => ({
      id: row.id,
      soldAt: Date.parse(row.sold_at),
      soldOn: String(row.sold_on).slice(0, 10),
      seller: row.seller,
      priceCents,
      grader,
      grade,
    }));
    const soldAt = new Map(rows.map((row) => [row.id, row.sold_at]));
    for (const [saleId, flag] of sameDayDuplicates(candidates)) {
      flags.push({ saleId, ...flag, setId, cardName, soldAt: soldAt.get(saleId)! });
    }
  });
  return flags;
}

/** The certificates of the new sales sold again at the same price within the repeat window. */
export async function flagCertRepeats(
  executor: Kysely<Database>,
  database: DatabaseHandle,
  certs: readonly string[],
): Promise<string[]> {
  const rows = await repo.salesOfCerts(executor, database.dialect, certs);
  const found = certRepeats(
    rows.map((row) => ({
      id: row.id,
      certNumber: row.cert_number!,
      grader: row.grading_company,
      soldAt: Date.parse(row.sold_at),
      priceCents: Number(row.price_cents),
    })),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return repo.insertFlags(
    executor,
    [...found].map(([saleId, flag]) => {
      const row = byId.get(saleId)!;
      return { saleId, ...flag, setId: row.set_id, cardName: row.card_name, soldAt: row.sold_at };
    }),
    database.sqlite,
  );
}
