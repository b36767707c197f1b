import { type Kysely, type Selectable, sql } from 'kysely';
import { lockCollector } from '../../db/collector-lock.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import { type CollectionItemsTable, type Database, toBoolean } from '../../db/schema.ts';
import { enqueueOpenToOffersAlert } from '../../notifications/notification-outbox.repository.ts';

type Db = Kysely<Database>;
export type CollectionItemRow = Selectable<CollectionItemsTable>;
export type NewCollectionItem = Omit<CollectionItemRow, 'accepting_offers' | 'parted_at'> & {
  accepting_offers: boolean;
};

/** A boolean literal both dialects store as they read it back (SQLite's TRUE and FALSE are 1 and 0). */
const booleanLiteral = (value: boolean) => sql.lit(value);

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Whether the collector shows their collection's value to others; undefined when there is no such user. */
export async function findValueSharing(db: Db, userId: string): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('users')
    .select('show_collection_value')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row && toBoolean(row.show_collection_value);
}

/** Both lists of a collector, newest first, without cards that left in a deal (collection_items_profile). */
export function findItemsOfUser(db: Db, userId: string): Promise<CollectionItemRow[]> {
  return db
    .selectFrom('collection_items')
    .selectAll()
    .where('user_id', '=', userId)
    .where('parted_at', 'is', null)
    .orderBy('added_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export type CollectedSlabRow = Pick<
  CollectionItemRow,
  'id' | 'card_id' | 'grade' | 'grading_company' | 'variant'
>;

/** What valuing a collector's Collected list needs of each card (collection_items_profile). */
export function findCollectedSlabs(db: Db, userId: string): Promise<CollectedSlabRow[]> {
  return db
    .selectFrom('collection_items')
    .select(['id', 'card_id', 'grade', 'grading_company', 'variant'])
    .where('user_id', '=', userId)
    .where('list', '=', 'collected')
    .where('parted_at', 'is', null)
    .execute();
}

export async function hasAnyItem(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('collection_items')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export type InsertItemResult = 'inserted' | 'list-full' | 'id-taken';

/**
 * Adds the card unless its list holds `limit` cards already, counted in the transaction that adds it while it
 * holds the collector (lockCollector), so adds racing each other cannot pass the limit together. 'id-taken'
 * when another add took the id in the same millisecond, so the caller tries the next. A card open to offers
 * leaves alert work for the collectors who want it in the same transaction (docs/product.md §10).
 */
export async function insertItemWithinLimit(
  database: DatabaseHandle,
  item: NewCollectionItem,
  limit: number,
): Promise<InsertItemResult> {
  return database.db.transaction().execute(async (trx) => {
    await lockCollector(trx, database.dialect, item.user_id);
    const row = await trx
      .selectFrom('collection_items')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', item.user_id)
      .where('list', '=', item.list)
      .where('parted_at', 'is', null)
      .executeTakeFirst();
    if (Number(row?.count ?? 0) >= limit) return 'list-full';
    const result = await trx
      .insertInto('collection_items')
      .values({ ...item, accepting_offers: booleanLiteral(item.accepting_offers) })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return 'id-taken';
    if (item.accepting_offers) await enqueueOpenToOffersAlert(trx, item.id);
    return 'inserted';
  });
}

export interface RemovedItem {
  /** Senders of the offers that went with the card, who should hear that those offers are gone. */
  offerSenders: string[];
}

/**
 * Removes one of the user's own cards (its offers go with it, by the foreign key); undefined when the user
 * has no card with that id, 'in-deal' while an agreed deal on it would go too; in both cases nothing changed.
 */
export async function deleteOwnItem(
  db: Db,
  userId: string,
  itemId: string,
): Promise<RemovedItem | 'in-deal' | undefined> {
  return db.transaction().execute(async (trx) => {
    const deal = await trx
      .selectFrom('offer_deals')
      .select('offer_id')
      .where('item_id', '=', itemId)
      .where('status', '=', 'agreed')
      .executeTakeFirst();
    if (deal) return 'in-deal';
    const senders = await trx
      .selectFrom('offers')
      .select('from_user')
      .distinct()
      .where('item_id', '=', itemId)
      .where('to_user', '=', userId)
      .execute();
    const result = await trx
      .deleteFrom('collection_items')
      .where('id', '=', itemId)
      .where('user_id', '=', userId)
      .where('parted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return undefined;
    return { offerSenders: senders.map((row) => row.from_user) };
  });
}
