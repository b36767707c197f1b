import type { Kysely, Selectable, Transaction } from 'kysely';
import type { SetId } from '#shared/sets.ts';
import type { Database, DeletedSalesTable, SaleRow } from '../../db/schema.ts';

export type ArchivedSaleRow = Selectable<DeletedSalesTable> & { deleted_by_username: string | null };

/** Rows per multi-row INSERT: 19 columns × 500 stays far below both dialects' limits on bound parameters. */
const ROWS_PER_INSERT = 500;

/** The newest sales of a set on one calendar day, and how many that day has. */
export async function salesOnDay(
  db: Kysely<Database>,
  setId: SetId,
  day: string,
  limit: number,
): Promise<{ rows: SaleRow[]; total: number }> {
  const scoped = db.selectFrom('sales').where('set_id', '=', setId).where('sold_on', '=', day);
  const [rows, count] = await Promise.all([
    scoped.selectAll().orderBy('sold_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    scoped.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
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
