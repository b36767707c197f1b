import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

/**
 * Offers keep their rounds and a conversation (docs/decisions/048-offer-rounds-and-conversation.md).
 *
 * `offers` gains `awaiting` (whose answer an open offer waits for), `last_round_at` (when that turn began;
 * seven days later the offer expires) and the status `expired`. A status check cannot be changed in place
 * on SQLite, so the table is built again with the new columns, the rows copied and the indexes made anew,
 * the same way on both databases. Every offer's first round is the buyer's original amount and note; an
 * open offer awaits its owner, its turn dating from when it was made.
 *
 * `offer_rounds` holds each amount in order (the primary key on the round's number lets one of two
 * counters at once win); `offer_messages` the parties' messages; notifications may name an offer.
 */
export function offerRounds(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('offers_next')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('item_id', 'text', (c) =>
          c.notNull().references('collection_items.id').onDelete('cascade'),
        )
        .addColumn('from_user', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('to_user', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
        .addColumn('message', 'text')
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('open', 'accepted', 'declined', 'withdrawn', 'expired')`),
        )
        .addColumn('awaiting', 'text', (c) => c.check(sql`awaiting in ('buyer', 'owner')`))
        .addColumn('last_round_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('updated_at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();
      await sql`
        insert into offers_next
          (id, item_id, from_user, to_user, amount_cents, message, status, awaiting, last_round_at, created_at,
           updated_at)
        select id, item_id, from_user, to_user, amount_cents, message, status,
          case when status = 'open' then 'owner' end, created_at, created_at, updated_at
        from offers`.execute(db);
      await db.schema.dropTable('offers').execute();
      await db.schema.alterTable('offers_next').renameTo('offers').execute();

      await db.schema.createIndex('offers_to').on('offers').columns(['to_user', 'created_at']).execute();
      await db.schema.createIndex('offers_from').on('offers').columns(['from_user', 'created_at']).execute();
      await db.schema.createIndex('offers_item').on('offers').columns(['item_id', 'status']).execute();
      await db.schema
        .createIndex('offers_one_open')
        .on('offers')
        .columns(['item_id', 'from_user'])
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute();
      await db.schema
        .createIndex('offers_expiry')
        .on('offers')
        .column('last_round_at')
        .where(sql.ref('status'), '=', 'open')
        .execute();

      await db.schema
        .createTable('offer_rounds')
        .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('party', 'text', (c) => c.notNull().check(sql`party in ('buyer', 'owner')`))
        .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
        .addColumn('message', 'text')
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addPrimaryKeyConstraint('offer_rounds_pk', ['offer_id', 'seq'])
        .execute();
      await sql`
        insert into offer_rounds (offer_id, seq, party, amount_cents, message, created_at)
        select id, 1, 'buyer', amount_cents, message, created_at from offers`.execute(db);

      await db.schema
        .createTable('offer_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id').onDelete('cascade'))
        .addColumn('party', 'text', (c) => c.notNull().check(sql`party in ('buyer', 'owner')`))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('offer_messages_offer')
        .on('offer_messages')
        .columns(['offer_id', 'created_at'])
        .execute();

      await db.schema.alterTable('notifications').addColumn('offer_id', 'text').execute();
    },
  };
}
