import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { SetId } from '#shared/sets.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { PROVENANCE_COLUMNS } from '../../sales/sales-write.repository.ts';
import { type CardSales, cardSalesFromRows } from './card-sales.ts';
import type { SaleChange } from './card-sales-changes.ts';

/** The sales of one card in a period: set, the card's search name, and the earliest instant (or all). */
export interface SalesScope {
  setId: SetId;
  cardName: string;
  since: string | undefined;
}

/** Optional grading filter; either part alone narrows by that part only. */
export interface GradeFilter {
  grader: string | undefined;
  grade: number | undefined;
}

/** SQLite hands JSON aggregates over as text, PostgreSQL as parsed values, and null for no rows. */
function jsonColumn<T>(value: unknown): T[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}

export interface ListedSale {
  id: string;
  sold_at: string;
  price_cents: number;
  seller: string;
  seller_rating: number | null;
  image: string | null;
  grading_company: string | null;
  grade: number | null;
  sale_type: string | null;
  title: string | null;
  listing_url: string | null;
  cert_number: string | null;
  source: string | null;
  currency: string;
  original_price_cents: number | string | null;
  shipping_cents: number | string | null;
  buyer_premium_cents: number | string | null;
  best_offer_accepted: boolean | number;
  excluded: boolean | number;
}

export type ExportedSale = Omit<ListedSale, 'id' | 'image' | 'sold_at'> & { sold_on: string };

/** A sale's provenance and whether a flag leaves it out, listed and exported alike. */
const PROVENANCE_AND_EXCLUSION = [...PROVENANCE_COLUMNS, 'excluded'] as const;

type SalesQuery<O> = SelectQueryBuilder<Database, 'sales', O>;

function inScope<O>(query: SalesQuery<O>, scope: SalesScope, filter?: GradeFilter): SalesQuery<O> {
  let scoped = query.where('set_id', '=', scope.setId).where('card_name', '=', scope.cardName);
  if (scope.since) scoped = scoped.where('sold_at', '>=', scope.since);
  if (filter?.grader) scoped = scoped.where('grading_company', '=', filter.grader);
  if (filter?.grade !== undefined) scoped = scoped.where('grade', '=', filter.grade);
  // sold_at then id: a total order, so pages never overlap and "newest" is the same sale everywhere.
  return scoped.orderBy('sold_at', 'desc').orderBy('id', 'desc');
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
 * (the analysis tests check it).
 */
export async function cardSales(
  database: DatabaseHandle,
  setId: SetId,
  cardName: string,
): Promise<CardSalesAt> {
  const db = database.read;
  const arrayAggregate = database.dialect === 'postgres' ? 'json_agg' : 'json_group_array';
  const card = inScope(
    db
      .selectFrom('sales')
      .select(['price_cents', epochMs(database).as('sold_ms'), 'grading_company', 'grade', 'excluded']),
    { setId, cardName, since: undefined },
  ).as('card');
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
 * The card's entries of the change log after `seq`, oldest first, and any entry saying every card changed,
 * from the sales_changes_card index. Read through the same handle as the card (the replica when there is
 * one, which has the log and the sales of the same moment).
 */
export async function cardChangesSince(
  database: DatabaseHandle,
  setId: SetId,
  cardName: string,
  seq: number,
  limit: number,
): Promise<CardChanges> {
  const db = database.read;
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
    .unionAll(
      db.selectFrom('sales_changes').select(columns).where('set_id', 'is', null).where('seq', '>', seq),
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

/** One page of the filtered sales, newest first. */
export function salesPage(
  database: DatabaseHandle,
  scope: SalesScope,
  filter: GradeFilter,
  limit: number,
  offset: number,
): Promise<ListedSale[]> {
  return inScope(
    database.read
      .selectFrom('sales')
      .select([
        'id',
        'sold_at',
        'price_cents',
        'seller',
        'seller_rating',
        'image',
        'grading_company',
        'grade',
        'sale_type',
        ...PROVENANCE_AND_EXCLUSION,
      ]),
    scope,
    filter,
  )
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Every filtered sale of the period, newest first, with the columns of the CSV export. */
export function exportSales(
  database: DatabaseHandle,
  scope: SalesScope,
  filter: GradeFilter,
): Promise<ExportedSale[]> {
  return inScope(
    database.read
      .selectFrom('sales')
      .select([
        'sold_on',
        'price_cents',
        'seller',
        'seller_rating',
        'grading_company',
        'grade',
        'sale_type',
        ...PROVENANCE_AND_EXCLUSION,
      ]),
    scope,
    filter,
  ).execute();
}

export interface ListedFlag {
  sale_id: string;
  code: string;
  reason: string;
  status: 'open' | 'confirmed';
}

/** The flags of the given sales that an admin has not cleared, oldest code first. */
export async function flagsOfSales(
  database: DatabaseHandle,
  saleIds: readonly string[],
): Promise<ListedFlag[]> {
  if (saleIds.length === 0) return [];
  const rows = await database.read
    .selectFrom('sale_flags')
    .select(['sale_id', 'code', 'reason', 'status'])
    .where('sale_id', 'in', saleIds)
    .where('status', '<>', 'cleared')
    .orderBy('sale_id')
    .orderBy('code')
    .execute();
  return rows as ListedFlag[];
}
