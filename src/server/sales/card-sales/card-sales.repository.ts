import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { type CardSales, cardSalesFromRows } from './card-sales.ts';
import type { SaleChange } from './card-sales-changes.ts';

/** SQLite hands JSON aggregates over as text, PostgreSQL as parsed values, and null for no rows. */
function jsonColumn<T>(value: unknown): T[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}

/** sold_at in milliseconds since the epoch, computed by the database: parsing in JavaScript costs more. */
function epochMs(database: DatabaseHandle): RawBuilder<number> {
  return database.dialect === 'postgres'
    ? sql<number>`round(extract(epoch from sold_at) * 1000)`
    : sql<number>`cast(round(unixepoch(sold_at, 'subsec') * 1000) as integer)`;
}

/** A card's columns and the last change-log entry they include. */
export interface CardSalesAt {
  sales: CardSales;
  seq: number;
}

/**
 * Every sale of the card, newest first, in one scan of the sales_card_analysis index, and the newest entry
 * of the change log, read by the same statement so both are of one moment (decision 025). The rows come back
 * as JSON arrays, one per column, rather than tens of thousands of row objects: building those objects costs the
 * driver more than the scan itself. Both databases aggregate the rows of an ordered subquery in its order
 * (the analysis tests check it). `db` is the handle to read through: the read handle for answers, the
 * writer's transaction for the flags of the sales it stores.
 */
export async function cardSales(
  database: DatabaseHandle,
  db: Kysely<Database>,
  setId: string,
  cardName: string,
): Promise<CardSalesAt> {
  const arrayAggregate = database.dialect === 'postgres' ? 'json_agg' : 'json_group_array';
  const card = db
    .selectFrom('sales')
    .select(['price_cents', epochMs(database).as('sold_ms'), 'grading_company', 'grade', 'excluded'])
    .where('set_id', '=', setId)
    .where('card_name', '=', cardName)
    .orderBy('sold_at', 'desc')
    .orderBy('id', 'desc')
    .as('card');
  const aggregate = (column: 'price_cents' | 'sold_ms' | 'grading_company' | 'grade' | 'excluded') =>
    sql<unknown>`${sql.raw(arrayAggregate)}(${sql.ref(`card.${column}`)})`;
  const row = await db
    .selectFrom(card)
    .select([
      aggregate('price_cents').as('prices'),
      aggregate('sold_ms').as('sold_ms'),
      aggregate('grading_company').as('graders'),
      aggregate('grade').as('grades'),
      aggregate('excluded').as('excluded'),
      sql<number>`(select coalesce(max(seq), 0) from sales_changes)`.as('seq'),
    ])
    .executeTakeFirst();
  const sales = cardSalesFromRows({
    prices: jsonColumn<number>(row?.prices),
    soldAt: jsonColumn<number>(row?.sold_ms),
    graders: jsonColumn<string | null>(row?.graders),
    grades: jsonColumn<number | null>(row?.grades),
    excluded: jsonColumn<boolean | number>(row?.excluded),
  });
  return { sales, seq: Number(row?.seq ?? 0) };
}

/** Entries of the change log after `seq`: the card's changes, or undefined when every card changed. */
export interface CardChanges {
  changes: SaleChange[];
  /** The last entry read; `seq` when there were none. */
  seq: number;
  /** More than `limit` entries, or an entry for every card: read the card whole instead. */
  tooMany: boolean;
}

/**
 * The card's entries of the change log after `seq` (and before `before`, when given), oldest first, and any
 * entry saying every card changed, from the sales_changes_card index. Read through the same handle as the
 * card (the replica when there is one, which has the log and the sales of the same moment; the writer's
 * transaction for new sales' flags).
 */
export async function cardChangesSince(
  db: Kysely<Database>,
  setId: string,
  cardName: string,
  seq: number,
  limit: number,
  before = Number.MAX_SAFE_INTEGER,
): Promise<CardChanges> {
  const columns = [
    'seq',
    'change',
    'price_cents',
    'sold_ms',
    'grading_company',
    'grade',
    'excluded',
  ] as const;
  const rows = await db
    .selectFrom('sales_changes')
    .select(columns)
    .where('set_id', '=', setId)
    .where('card_name', '=', cardName)
    .where('seq', '>', seq)
    .where('seq', '<', before)
    .unionAll(
      db
        .selectFrom('sales_changes')
        .select(columns)
        .where('set_id', 'is', null)
        .where('seq', '>', seq)
        .where('seq', '<', before),
    )
    .orderBy('seq')
    .limit(limit + 1)
    .execute();
  const tooMany = rows.length > limit || rows.some((row) => row.change === 0);
  const changes: SaleChange[] = tooMany
    ? []
    : rows.map((row) => ({
        change: row.change > 0 ? 1 : -1,
        price: Number(row.price_cents),
        soldAt: Number(row.sold_ms),
        grader: row.grading_company,
        grade: row.grade,
        excluded: row.excluded === true || row.excluded === 1 ? 1 : 0,
      }));
  return { changes, seq: rows.length > 0 ? Number(rows[rows.length - 1]!.seq) : seq, tooMany };
}
