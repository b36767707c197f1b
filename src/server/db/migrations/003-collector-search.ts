import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';

/**
 * Source search walks collection_items_source in the order it answers (offers first, best grade first, then
 * oldest listing), so a page of the most-held card is read straight off the index and the total is counted
 * from it without touching the table. Ungraded copies sort last in both dialects: SQLite puts NULL last in a
 * descending order by itself, PostgreSQL needs NULLS LAST said.
 *
 * Offers get an index per card (removing a card removes its offers; accepting one declines the rest) and at
 * most one open offer per sender and card, enforced by the database so two quick clicks cannot make two.
 */
export function collectorSearch(dialect: Dialect) {
  const gradeOrder = dialect === 'postgres' ? sql`grade desc nulls last` : sql`grade desc`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('collection_items_source').execute();
      await sql`create index collection_items_source on collection_items (set_id, card_name, list, accepting_offers desc, ${gradeOrder}, id)`.execute(
        db,
      );
      await db.schema.createIndex('offers_item').on('offers').columns(['item_id', 'status']).execute();
      await db.schema
        .createIndex('offers_one_open')
        .on('offers')
        .columns(['item_id', 'from_user'])
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('offers_one_open').execute();
      await db.schema.dropIndex('offers_item').execute();
      await db.schema.dropIndex('collection_items_source').execute();
      await db.schema
        .createIndex('collection_items_source')
        .on('collection_items')
        .columns(['set_id', 'card_name', 'list', 'user_id'])
        .execute();
    },
  };
}
