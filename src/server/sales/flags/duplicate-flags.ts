import type { Kysely } from 'kysely';
import type { DatabaseHandle, Dialect } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { takeTurnWhenBusy } from '../../event-loop-turns.ts';
import { type CardSales, countSoldSince } from '../columns/card-sales.ts';
import { cohortSalesAtPrices } from './flag-lookups.repository.ts';
import { certRepeats, type DuplicateCandidate, sameDayDuplicates } from './flag-rules.ts';
import { type CardRange, cohortKey, DAY_MS, iso } from './new-sales-range.ts';
import * as repo from './sale-flags.repository.ts';

/**
 * Two or more of one card's sales that share a cohort (grade code), a price and a UTC day (days since the
 * epoch).
 */
interface SameDayGroup {
  range: CardRange;
  sales: CardSales;
  day: number;
  price: number;
  code: number;
}

/** Grade codes fit below this, so a price and a grade code make one number: price × GRADE_CODES + code. */
const GRADE_CODES = 65_536;

/** Whether `sorted` (ascending) holds `value`. */
function sortedIncludes(sorted: readonly number[], value: number): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return sorted[low] === value;
}

/**
 * The groups of the card's sales that share a cohort, a price and a UTC day with another sale, a new one
 * among them: the only ones that can hold new same-day duplicates (a pair of two older sales was judged
 * when the later arrived). Only the new sales' days are read, each found in the columns by its instants.
 * The new sales are taken day by day from the list of them (range.logged), sorted, each with its price and
 * grade code as one number; a day's sales with one of those numbers are sorted, and a run of two or more is
 * a group. Maps of the new sales by day and price, made as they were stored, were scattered over memory:
 * reading them took most of the time. A card with thousands of new sales spans many days, so the clock is
 * looked at (takeTurnWhenBusy) before each day.
 */
async function sameDayGroups(range: CardRange, sales: CardSales): Promise<SameDayGroup[]> {
  const codeOfCohort = new Map(sales.gradeKeys.map((key, code) => [cohortKey(key.grader, key.grade), code]));
  const days: number[] = [];
  const values: number[] = [];
  for (const sale of range.logged) {
    // The columns hold every new sale, so each one's cohort has a grade code in them.
    const code = codeOfCohort.get(cohortKey(sale.grader, sale.grade));
    if (code === undefined) continue;
    days.push(Math.floor(sale.soldAt / DAY_MS));
    values.push(sale.price * GRADE_CODES + code);
  }
  const byDay = Array.from(days, (_, at) => at).sort(
    (a, b) => days[a]! - days[b]! || values[a]! - values[b]!,
  );
  const groups: SameDayGroup[] = [];
  const wanted: number[] = [];
  const ofDay: number[] = [];
  for (let first = 0; first < byDay.length; ) {
    await takeTurnWhenBusy();
    const day = days[byDay[first]!]!;
    wanted.length = 0;
    let next = first;
    for (; next < byDay.length && days[byDay[next]!] === day; next++) wanted.push(values[byDay[next]!]!);
    first = next;
    // The columns are newest first: the day's sales run from its oldest, at the higher index, to its newest.
    const newest = countSoldSince(sales, (day + 1) * DAY_MS);
    ofDay.length = 0;
    for (let index = countSoldSince(sales, day * DAY_MS) - 1; index >= newest; index--) {
      const value = sales.prices[index]! * GRADE_CODES + sales.gradeCodes[index]!;
      if (sortedIncludes(wanted, value)) ofDay.push(value);
    }
    if (ofDay.length < 2) continue;
    ofDay.sort((a, b) => a - b);
    for (let start = 0; start < ofDay.length; ) {
      let end = start + 1;
      while (end < ofDay.length && ofDay[end] === ofDay[start]) end++;
      if (end - start > 1) {
        const code = ofDay[start]! % GRADE_CODES;
        groups.push({ range, sales, day, price: (ofDay[start]! - code) / GRADE_CODES, code });
      }
      start = end;
    }
  }
  return groups;
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
  const groups: SameDayGroup[] = [];
  for (const { range, sales } of cards) groups.push(...(await sameDayGroups(range, sales)));
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
