import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { cardsOf } from '#shared/catalogue.ts';
import type { SetId } from '#shared/sets.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import { saleDayApart } from '../../db/shared-sql.ts';
import type { Database, DeletedSalesTable, SaleRow } from '../../db/schema.ts';

const DAY_MS = 86_400_000;

export type ArchivedSaleRow = Selectable<DeletedSalesTable> & { deleted_by_username: string | null };

/** Rows per multi-row INSERT: 19 columns × 500 stays far below both dialects' limits on bound parameters. */
const ROWS_PER_INSERT = 500;

/** The first instant of the UTC day `days` days after `day` (YYYY-MM-DD). */
function dayStart(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY_MS).toISOString();
}

/**
 * A set's sales on one calendar day, as two parts. A sale's day may differ from its instant's UTC day by one
 * where it was sold (decision 008, addendum): `near` finds the day's sales of each of the set's cards in the
 * analysis index among those sold from the day before to the day after, and `apart` the rare sale whose day
 * lies further from its instant, through the partial `sales_day_apart` index.
 */
function daySales(database: DatabaseHandle, setId: SetId, day: string) {
  const { db } = database;
  const cardNames = [...new Set(cardsOf(setId).map((card) => card.searchName))];
  const near = db
    .selectFrom('sales')
    .where('set_id', '=', setId)
    .where('card_name', 'in', cardNames)
    .where('sold_at', '>=', dayStart(day, -1))
    .where('sold_at', '<', dayStart(day, 2))
    .where('sold_on', '=', day);
  const apart = db
    .selectFrom('sales')
    .where('set_id', '=', setId)
    .where('sold_on', '=', day)
    .where(sql.raw<boolean>(saleDayApart(database.dialect)));
  return { near, apart };
}

type DaySales = ReturnType<typeof daySales>;

function newestFirst({ near, apart }: DaySales, limit: number) {
  return near
    .selectAll()
    .unionAll(apart.selectAll())
    .orderBy('sold_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
}

/** The newest `limit` sales of a set on one calendar day. */
export function salesOnDayQuery(database: DatabaseHandle, setId: SetId, day: string, limit: number) {
  return newestFirst(daySales(database, setId, day), limit);
}

/** The newest sales of a set on one calendar day, and how many that day has. */
export async function salesOnDay(
  database: DatabaseHandle,
  setId: SetId,
  day: string,
  limit: number,
): Promise<{ rows: SaleRow[]; total: number }> {
  const parts = daySales(database, setId, day);
  const [rows, count] = await Promise.all([
    newestFirst(parts, limit).execute(),
    database.db
      .selectFrom(parts.near.select('id').unionAll(parts.apart.select('id')).as('day'))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The newest sales of one card since an instant (or ever), and how many there are. */
export async function salesOfCard(
  db: Kysely<Database>,
  setId: SetId,
  cardName: string,
  since: string | undefined,
  limit: number,
): Promise<{ rows: SaleRow[]; total: number }> {
  let scoped = db.selectFrom('sales').where('set_id', '=', setId).where('card_name', '=', cardName);
  if (since) scoped = scoped.where('sold_at', '>=', since);
  const [rows, count] = await Promise.all([
    scoped.selectAll().orderBy('sold_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    scoped.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Archived sales, most recently deleted first, with the deleting admin's username. */
export async function archivedSales(
  db: Kysely<Database>,
  limit: number,
): Promise<{ rows: ArchivedSaleRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('deleted_sales')
      .leftJoin('users', 'users.id', 'deleted_sales.deleted_by')
      .selectAll('deleted_sales')
      .select('users.username as deleted_by_username')
      .orderBy('deleted_sales.deleted_at', 'desc')
      .orderBy('deleted_sales.id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('deleted_sales')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * Removes the named sales and returns them. DELETE … RETURNING takes the rows in one statement, so two
 * admins deleting the same sale at once cannot both archive it: the second one gets fewer rows back.
 */
export function takeSales(trx: Transaction<Database>, ids: readonly string[]): Promise<SaleRow[]> {
  return trx.deleteFrom('sales').where('id', 'in', ids).returningAll().execute();
}

export function takeArchivedSales(
  trx: Transaction<Database>,
  ids: readonly string[],
): Promise<Selectable<DeletedSalesTable>[]> {
  return trx.deleteFrom('deleted_sales').where('id', 'in', ids).returningAll().execute();
}

export async function archiveSales(
  trx: Transaction<Database>,
  rows: readonly SaleRow[],
  deletedAt: string,
  deletedBy: string,
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    await trx
      .insertInto('deleted_sales')
      .values(chunk.map((row) => ({ ...row, deleted_at: deletedAt, deleted_by: deletedBy })))
      .execute();
  }
}

export async function reinsertSales(trx: Transaction<Database>, rows: readonly SaleRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await trx
      .insertInto('sales')
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .execute();
  }
}
