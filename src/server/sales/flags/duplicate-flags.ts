import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { CardSales } from '../card-sales/card-sales.ts';
import { lastAtOrAfter } from './cohorts-within.ts';
import { certRepeats, type DuplicateCandidate, sameDayDuplicates } from './flag-rules.ts';
import { type CardRange, cohortKey, DAY_MS, iso, priceDayKey } from './new-sales-range.ts';
import * as repo from './sale-flags.repository.ts';

/**
 * probable-duplicate flags among the card's sales that share a cohort, a price and a UTC day with another
 * sale, a new one among them: the only ones that can be new same-day duplicates, so only they are looked up
 * for their seller and sale day.
 */
export async function sameDayDuplicateFlags(
  executor: Kysely<Database>,
  range: CardRange,
  sales: CardSales,
): Promise<repo.NewFlag[]> {
  const counts = new Map<string, number>();
  const cohortOfCode = sales.gradeKeys.map((key) => cohortKey(key.grader, key.grade));
  for (
    let index = lastAtOrAfter(sales, range.from - 2 * DAY_MS);
    index >= 0 && sales.soldAt[index]! <= range.to + 2 * DAY_MS;
    index--
  ) {
    const priceDay = priceDayKey(sales.prices[index]!, sales.soldAt[index]!);
    const code = sales.gradeCodes[index]!;
    if (!range.newSales.get(priceDay)?.has(cohortOfCode[code]!)) continue;
    const group = `${priceDay}|${code}`;
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  const { setId, searchName: cardName } = range.card;
  const flags: repo.NewFlag[] = [];
  for (const [group, count] of counts) {
    if (count < 2) continue;
    const [priceDay, code] = group.split('|').map(Number) as [number, number];
    const day = priceDay % 100_000;
    const { grader, grade } = sales.gradeKeys[code]!;
    const rows = await repo.cohortSalesAtPrice(executor, {
      setId,
      cardName,
      grader,
      grade,
      priceCents: Math.floor(priceDay / 100_000),
      from: iso(day * DAY_MS),
      before: iso((day + 1) * DAY_MS),
    });
    const candidates: DuplicateCandidate[] = rows.map((row) => ({
      id: row.id,
      soldAt: Date.parse(row.sold_at),
      soldOn: String(row.sold_on).slice(0, 10),
      seller: row.seller,
      priceCents: Math.floor(priceDay / 100_000),
      grader,
      grade,
    }));
    const soldAt = new Map(rows.map((row) => [row.id, row.sold_at]));
    for (const [saleId, flag] of sameDayDuplicates(candidates)) {
      flags.push({ saleId, ...flag, setId, cardName, soldAt: soldAt.get(saleId)! });
    }
  }
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
