import crypto from 'node:crypto';
import { Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '#server/db/connect.ts';
import type { Database, NewSale } from '#server/db/schema.ts';
import { findCardByName } from '#shared/catalogue.ts';
import { parseSetId } from '#shared/sets.ts';

const DAY_MS = 86_400_000;

/** An ISO instant `days` days (fractions allowed) before now. */
export function daysAgo(days: number, now: number = Date.now()): string {
  return new Date(now - days * DAY_MS).toISOString();
}

/**
 * A complete sales row from a partial one. The card columns come from the catalogue entry that
 * (set_id, card_name) names, so `{ set_id: 'jungle_set', card_name: 'scyther non-holo' }` is enough;
 * a name the catalogue does not know is kept as given with N/A number and rarity.
 */
export function saleRow(partial: Partial<NewSale> = {}): NewSale {
  const setId = parseSetId(partial.set_id ?? 'base_set') ?? 'base_set';
  const typedName = partial.card_name ?? 'Charizard';
  const card = findCardByName(setId, typedName);
  const soldAt = partial.sold_at ?? daysAgo(1);
  const id = partial.id ?? crypto.randomUUID();
  const defaults: NewSale = {
    id,
    card_id: card?.cardId ?? `${setId}-unknown`,
    set_id: setId,
    card_name: typedName,
    card_number: card?.number ?? 'N/A',
    card_rarity: card?.rarity ?? 'N/A',
    price_cents: 10_000,
    sold_on: soldAt.slice(0, 10),
    sold_at: soldAt,
    seller: 'test_seller',
    seller_rating: null,
    image: null,
    grading_company: 'PSA',
    grade: 9,
    sale_type: 'auction',
    source_ref: `test:${id}`,
    created_at: new Date().toISOString(),
  };
  return { ...defaults, ...partial, set_id: setId, card_name: card?.searchName ?? typedName };
}

/** Inserts sales straight into the table (one transaction) and returns the complete rows. */
export async function insertSales(
  target: DatabaseHandle | Kysely<Database>,
  partials: Partial<NewSale>[],
): Promise<NewSale[]> {
  const db = target instanceof Kysely ? target : target.db;
  const rows = partials.map(saleRow);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 500) {
      await trx
        .insertInto('sales')
        .values(rows.slice(start, start + 500))
        .execute();
    }
  });
  return rows;
}

/** The names of the indexes on `sales`, sorted, whichever database holds them. */
export async function salesIndexNames(database: DatabaseHandle): Promise<string[]> {
  const query =
    database.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'sales'`
      : sql<{ name: string }>`
          select indexname as name from pg_indexes where tablename = 'sales' and schemaname = current_schema()`;
  return (await query.execute(database.db)).rows.map((row) => row.name).sort();
}
