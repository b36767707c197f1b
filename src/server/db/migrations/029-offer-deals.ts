import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

/**
 * An accepted offer is a deal (docs/decisions/048-offer-rounds-and-conversation.md).
 *
 * `offer_deals` holds one row per accepted offer: `agreed` until both parties have marked it done (the
 * buyer received, the owner sent) and it is `completed`, or until either cancels it with a reason. It names
 * the card, and a unique index on the card's agreed deal makes a second deal on one card impossible, even
 * if two accepts reach the database at once. `collection_items.parted_at` records when a completed deal
 * took the card off its owner's Collected list: the row stays, since the offer and its rounds refer to it;
 * Source's index leaves such cards out, so a page is still read off the index alone.
 *
 * Offers accepted before this migration become agreed deals; where one card collected several, the newest
 * stays agreed and the others are cancelled, so the card has one deal as from now on.
 */
export function offerDeals(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('offer_deals')
        .addColumn('offer_id', 'text', (c) => c.primaryKey().references('offers.id').onDelete('cascade'))
        .addColumn('item_id', 'text', (c) =>
          c.notNull().references('collection_items.id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('agreed', 'completed', 'cancelled')`),
        )
        .addColumn('buyer_done_at', sql.raw(t.timestamp))
        .addColumn('owner_done_at', sql.raw(t.timestamp))
        .addColumn('cancelled_by', 'text', (c) => c.check(sql`cancelled_by in ('buyer', 'owner')`))
        .addColumn('cancel_reason', 'text')
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('updated_at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('offer_deals_one_agreed')
        .on('offer_deals')
        .column('item_id')
        .unique()
        .where(sql.ref('status'), '=', 'agreed')
        .execute();

      await sql`
        insert into offer_deals (offer_id, item_id, status, cancelled_by, cancel_reason, created_at, updated_at)
        select id, item_id,
          case when newest = 1 then 'agreed' else 'cancelled' end,
          case when newest = 1 then null else 'owner' end,
          case when newest = 1 then null else 'Another offer on this card was accepted.' end,
          updated_at, updated_at
        from (
          select id, item_id, updated_at,
            row_number() over (partition by item_id order by updated_at desc, id desc) as newest
          from offers where status = 'accepted'
        ) accepted`.execute(db);

      await db.schema.alterTable('collection_items').addColumn('parted_at', sql.raw(t.timestamp)).execute();
      // Source reads its pages off this index alone (migration 003): it now holds only cards still on a list,
      // and names parted_at so that reading stays index-only where the query says `parted_at is null`.
      const gradeOrder = dialect === 'postgres' ? sql`grade desc nulls last` : sql`grade desc`;
      await db.schema.dropIndex('collection_items_source').execute();
      await sql`create index collection_items_source on collection_items (set_id, card_name, list, accepting_offers desc, ${gradeOrder}, id, parted_at) where parted_at is null`.execute(
        db,
      );
    },
  };
}
