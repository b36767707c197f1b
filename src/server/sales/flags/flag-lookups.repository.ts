import { type Kysely, sql } from 'kysely';
import { chunks, rowsByLookUp } from '../../db/batched-statements.ts';
import type { Dialect } from '../../db/connect.ts';
import type { Database, FlagStatus } from '../../db/schema.ts';

/*
 * What a transaction's flags are computed from, looked up for all its cards at once (decision 032): on
 * PostgreSQL one statement over arrays of the look-ups, each row answered with its look-up's index `at`
 * (a statement per card cost more in round trips than in work); on SQLite, which has no round trips, a
 * statement per look-up.
 */

/** An outlier flag of a sale, whatever its status, with the sale's values that the check judges. */
export interface StoredOutlierFlag {
  sale_id: string;
  code: string;
  reason: string;
  status: FlagStatus;
  sold_at: string;
  price_cents: number;
  grading_company: string | null;
  grade: number | null;
}

/** A card's sales from one instant to another, both included (ISO text, as stored). */
export interface CardTimeRange {
  setId: string;
  cardName: string;
  from: string;
  to: string;
}

/** A row's price and grade as numbers, whichever driver handed them over. */
function numbersOf<T extends { price_cents: number; grade: number | null }>(row: T): T {
  return {
    ...row,
    price_cents: Number(row.price_cents),
    grade: row.grade === null ? null : Number(row.grade),
  };
}

/**
 * The outlier flags of each card's sales in its time range, whatever their status, one list per range.
 */
export async function outlierFlagsOfCards(
  executor: Kysely<Database>,
  dialect: Dialect,
  ranges: readonly CardTimeRange[],
): Promise<StoredOutlierFlag[][]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<StoredOutlierFlag & { at: number }>`
      select wanted.at, sale_flags.sale_id, sale_flags.code, sale_flags.reason, sale_flags.status,
        sales.sold_at, sales.price_cents, sales.grading_company, sales.grade
      from unnest(
        ${ranges.map((range) => range.setId)}::text[],
        ${ranges.map((range) => range.cardName)}::text[],
        ${ranges.map((range) => range.from)}::timestamptz[],
        ${ranges.map((range) => range.to)}::timestamptz[],
        ${ranges.map((_, at) => at)}::integer[]
      ) as wanted(set_id, card_name, from_at, to_at, at)
      join sale_flags on sale_flags.set_id = wanted.set_id and sale_flags.card_name = wanted.card_name
        and sale_flags.sold_at >= wanted.from_at and sale_flags.sold_at <= wanted.to_at
      join sales on sales.id = sale_flags.sale_id
      where sale_flags.code in ('outlier-high', 'outlier-low')
    `.execute(executor);
    return rowsByLookUp(ranges.length, rows).map((flags) => flags.map(numbersOf));
  }
  const lists: StoredOutlierFlag[][] = [];
  for (const range of ranges) {
    const rows = await executor
      .selectFrom('sale_flags')
      .innerJoin('sales', 'sales.id', 'sale_flags.sale_id')
      .select([
        'sale_flags.sale_id',
        'sale_flags.code',
        'sale_flags.reason',
        'sale_flags.status',
        'sales.sold_at',
        'sales.price_cents',
        'sales.grading_company',
        'sales.grade',
      ])
      .where('sale_flags.set_id', '=', range.setId)
      .where('sale_flags.card_name', '=', range.cardName)
      .where('sale_flags.sold_at', '>=', range.from)
      .where('sale_flags.sold_at', '<=', range.to)
      .where('sale_flags.code', 'in', ['outlier-high', 'outlier-low'])
      .execute();
    lists.push(rows.map(numbersOf));
  }
  return lists;
}

/** A sale of a card sold at one of the given instants, with what tells equal-valued sales apart from others. */
export interface SaleAt {
  id: string;
  sold_at: string;
  price_cents: number;
  grading_company: string | null;
  grade: number | null;
}

/**
 * Each card's sales sold at its given instants (ISO text, as stored), off the analysis index, one list per
 * look-up.
 */
export async function salesAtInstants(
  executor: Kysely<Database>,
  dialect: Dialect,
  lookUps: readonly { setId: string; cardName: string; instants: readonly string[] }[],
): Promise<SaleAt[][]> {
  if (dialect === 'postgres') {
    const wanted = lookUps.flatMap(({ setId, cardName, instants }, at) =>
      [...new Set(instants)].map((instant) => ({ setId, cardName, instant, at })),
    );
    const { rows } = await sql<SaleAt & { at: number }>`
      select wanted.at, sales.id, sales.sold_at, sales.price_cents, sales.grading_company, sales.grade
      from unnest(
        ${wanted.map((sale) => sale.setId)}::text[],
        ${wanted.map((sale) => sale.cardName)}::text[],
        ${wanted.map((sale) => sale.instant)}::timestamptz[],
        ${wanted.map((sale) => sale.at)}::integer[]
      ) as wanted(set_id, card_name, sold_at, at)
      join sales on sales.set_id = wanted.set_id and sales.card_name = wanted.card_name
        and sales.sold_at = wanted.sold_at
    `.execute(executor);
    return rowsByLookUp(lookUps.length, rows).map((sales) => sales.map(numbersOf));
  }
  const lists: SaleAt[][] = [];
  for (const { setId, cardName, instants } of lookUps) {
    const sales: SaleAt[] = [];
    for (const part of chunks([...new Set(instants)])) {
      const rows = await executor
        .selectFrom('sales')
        .select(['id', 'sold_at', 'price_cents', 'grading_company', 'grade'])
        .where('set_id', '=', setId)
        .where('card_name', '=', cardName)
        .where('sold_at', 'in', part)
        .execute();
      sales.push(...rows.map(numbersOf));
    }
    lists.push(sales);
  }
  return lists;
}

/** One cohort's sales of a card at one price in a time range: what same-day duplicates are looked for among. */
export interface CohortAtPrice {
  setId: string;
  cardName: string;
  grader: string | null;
  grade: number | null;
  priceCents: number;
  from: string;
  before: string;
}

/**
 * Each cohort's sales at its price in its range, with seller and sale day (duplicate candidates), one list
 * per look-up.
 */
export async function cohortSalesAtPrices(
  executor: Kysely<Database>,
  dialect: Dialect,
  lookUps: readonly CohortAtPrice[],
): Promise<{ id: string; sold_at: string; seller: string; sold_on: string }[][]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ at: number; id: string; sold_at: string; seller: string; sold_on: string }>`
      select wanted.at, sales.id, sales.sold_at, sales.seller, sales.sold_on
      from unnest(
        ${lookUps.map((lookUp) => lookUp.setId)}::text[],
        ${lookUps.map((lookUp) => lookUp.cardName)}::text[],
        ${lookUps.map((lookUp) => lookUp.grader)}::text[],
        ${lookUps.map((lookUp) => lookUp.grade)}::real[],
        ${lookUps.map((lookUp) => lookUp.priceCents)}::integer[],
        ${lookUps.map((lookUp) => lookUp.from)}::timestamptz[],
        ${lookUps.map((lookUp) => lookUp.before)}::timestamptz[],
        ${lookUps.map((_, at) => at)}::integer[]
      ) as wanted(set_id, card_name, grader, grade, price_cents, from_at, before_at, at)
      join sales on sales.set_id = wanted.set_id and sales.card_name = wanted.card_name
        and sales.sold_at >= wanted.from_at and sales.sold_at < wanted.before_at
        and sales.price_cents = wanted.price_cents
        and sales.grading_company is not distinct from wanted.grader
        and sales.grade is not distinct from wanted.grade
    `.execute(executor);
    return rowsByLookUp(lookUps.length, rows);
  }
  const lists = [];
  for (const lookUp of lookUps) {
    lists.push(
      await executor
        .selectFrom('sales')
        .select(['id', 'sold_at', 'seller', 'sold_on'])
        .where('set_id', '=', lookUp.setId)
        .where('card_name', '=', lookUp.cardName)
        .where('sold_at', '>=', lookUp.from)
        .where('sold_at', '<', lookUp.before)
        .where('price_cents', '=', lookUp.priceCents)
        .where((eb) =>
          lookUp.grader === null
            ? eb('grading_company', 'is', null)
            : eb('grading_company', '=', lookUp.grader),
        )
        .where((eb) => (lookUp.grade === null ? eb('grade', 'is', null) : eb('grade', '=', lookUp.grade)))
        .execute(),
    );
  }
  return lists;
}
