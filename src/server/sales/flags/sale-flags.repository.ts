import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database, FlagStatus } from '../../db/schema.ts';
import type { FlagCode } from './flag-rules.ts';

/** A flag to store, with the sale's card and time that the flags' index is ordered by. */
export interface NewFlag {
  saleId: string;
  code: FlagCode;
  reason: string;
  setId: string;
  cardName: string;
  soldAt: string;
}

const ROWS_PER_STATEMENT = 500;

function chunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += size) parts.push(items.slice(start, start + size));
  return parts;
}

/**
 * Stores new flags as open. A sale that has the flag already keeps it as it is: an admin's decision stands,
 * and a cleared flag is never raised again (docs/product.md §11). Returns the sales that got a new flag.
 */
export async function insertFlags(executor: Kysely<Database>, flags: readonly NewFlag[]): Promise<string[]> {
  const created = new Date().toISOString();
  const added: string[] = [];
  for (const part of chunks(flags)) {
    const rows = await executor
      .insertInto('sale_flags')
      .values(
        part.map((flag) => ({
          sale_id: flag.saleId,
          code: flag.code,
          reason: flag.reason,
          status: 'open' as const,
          set_id: flag.setId,
          card_name: flag.cardName,
          sold_at: flag.soldAt,
          created_at: created,
          decided_by: null,
          decided_at: null,
        })),
      )
      .onConflict((conflict) => conflict.columns(['sale_id', 'code']).doNothing())
      .returning('sale_id')
      .execute();
    for (const row of rows) added.push(row.sale_id);
  }
  return added;
}

/** Drops open flags that a recomputation no longer finds; confirmed and cleared ones are decisions and stay. */
export async function dropOpenFlags(
  executor: Kysely<Database>,
  flags: readonly { saleId: string; code: string }[],
): Promise<void> {
  for (const flag of flags) {
    await executor
      .deleteFrom('sale_flags')
      .where('sale_id', '=', flag.saleId)
      .where('code', '=', flag.code)
      .where('status', '=', 'open')
      .execute();
  }
}

/** One sale of a card as the checks read it: id, time (ms since the epoch), price and cohort. */
export type CardSaleRow = [
  id: string,
  soldMs: number,
  priceCents: number,
  grader: string | null,
  grade: number | null,
];

const sqliteCardSales = new WeakMap<object, { all(...values: unknown[]): unknown[] }>();

/**
 * One card's sales in a time range, oldest first, off the analysis index alone, as arrays: the checks read
 * every sale of a card around the new ones, and objects per row would cost more than the reading. On SQLite
 * a prepared statement on the connection the writer's transaction holds.
 */
export async function cardSalesBetween(
  database: DatabaseHandle,
  executor: Kysely<Database>,
  setId: string,
  cardName: string,
  from: string,
  to: string,
): Promise<CardSaleRow[]> {
  const sqlite = database.sqlite;
  if (sqlite) {
    let statement = sqliteCardSales.get(sqlite);
    if (!statement) {
      statement = sqlite
        .prepare(
          `select id, cast(round(unixepoch(sold_at, 'subsec') * 1000) as integer), price_cents, grading_company, grade
           from sales where set_id = ? and card_name = ? and sold_at >= ? and sold_at <= ? order by sold_at, id`,
        )
        .raw();
      sqliteCardSales.set(sqlite, statement);
    }
    return statement.all(setId, cardName, from, to) as CardSaleRow[];
  }
  const rows = await executor
    .selectFrom('sales')
    .select([
      'id',
      sql<number>`round(extract(epoch from sold_at) * 1000)`.as('sold_ms'),
      'price_cents',
      'grading_company',
      'grade',
    ])
    .where('set_id', '=', setId)
    .where('card_name', '=', cardName)
    .where('sold_at', '>=', from)
    .where('sold_at', '<=', to)
    .orderBy('sold_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => [
    row.id,
    Number(row.sold_ms),
    Number(row.price_cents),
    row.grading_company,
    row.grade === null ? null : Number(row.grade),
  ]);
}

/** The seller and sale day of the given sales, for the same-day duplicate check. */
export async function sellersAndDays(
  executor: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, { seller: string; soldOn: string }>> {
  const found = new Map<string, { seller: string; soldOn: string }>();
  for (const part of chunks(ids)) {
    const rows = await executor
      .selectFrom('sales')
      .select(['id', 'seller', 'sold_on'])
      .where('id', 'in', part)
      .execute();
    for (const row of rows)
      found.set(row.id, { seller: row.seller, soldOn: String(row.sold_on).slice(0, 10) });
  }
  return found;
}

/** The outlier flags of one card's sales in a time range, whatever their status. */
export function outlierFlagsBetween(
  executor: Kysely<Database>,
  setId: string,
  cardName: string,
  from: string,
  to: string,
): Promise<{ sale_id: string; code: string; status: FlagStatus }[]> {
  return executor
    .selectFrom('sale_flags')
    .select(['sale_id', 'code', 'status'])
    .where('set_id', '=', setId)
    .where('card_name', '=', cardName)
    .where('sold_at', '>=', from)
    .where('sold_at', '<=', to)
    .where('code', 'in', ['outlier-high', 'outlier-low'])
    .execute();
}

/** Every sale of the given certificate numbers. */
export async function salesOfCerts(executor: Kysely<Database>, certs: readonly string[]) {
  const rows = [];
  for (const part of chunks([...new Set(certs)])) {
    rows.push(
      ...(await executor
        .selectFrom('sales')
        .select(['id', 'cert_number', 'grading_company', 'sold_at', 'price_cents', 'set_id', 'card_name'])
        .where('cert_number', 'in', part)
        .execute()),
    );
  }
  return rows;
}

/** Sets `excluded` of the given sales from their flags: excluded while any flag is not cleared. */
export async function refreshExcluded(executor: Kysely<Database>, saleIds: Iterable<string>): Promise<void> {
  for (const part of chunks([...new Set(saleIds)])) {
    await executor
      .updateTable('sales')
      .set({
        excluded: sql<boolean>`exists (select 1 from sale_flags where sale_flags.sale_id = sales.id and sale_flags.status <> 'cleared')`,
      })
      .where('id', 'in', part)
      .execute();
  }
}
