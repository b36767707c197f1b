import type { Insertable, Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { CollectionItemsTable, Database, UsersTable } from '../../db/schema.ts';

/** Whether the database has never held a sale (none stored, none deleted): the cue to load demo data. */
export async function hasNoSalesHistory(database: DatabaseHandle): Promise<boolean> {
  const [stored, archived] = await Promise.all([
    database.db.selectFrom('sales').select('id').limit(1).executeTakeFirst(),
    database.db.selectFrom('deleted_sales').select('id').limit(1).executeTakeFirst(),
  ]);
  return !stored && !archived;
}

/** Demo collectors, skipping any already there (running the load again adds nothing). */
export async function insertDemoUsers(
  trx: Transaction<Database>,
  rows: readonly Insertable<UsersTable>[],
): Promise<void> {
  await trx
    .insertInto('users')
    .values(rows)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Demo collection items, skipping any already there. */
export async function insertDemoItems(
  trx: Transaction<Database>,
  rows: readonly CollectionItemsTable[],
): Promise<void> {
  await trx
    .insertInto('collection_items')
    .values(rows)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}
