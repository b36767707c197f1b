import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

export function initial(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_key', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('country_code', 'text', (c) => c.notNull())
        .addColumn('is_admin', sql.raw(t.boolean), (c) => c.notNull().defaultTo(sql.raw(t.falseValue)))
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('profile_image', 'text')
        .addColumn('banner_image', 'text')
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('expires_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('last_seen_at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      for (const table of ['sales', 'deleted_sales'] as const) {
        let builder = db.schema
          .createTable(table)
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('card_id', 'text', (c) => c.notNull())
          .addColumn('set_id', 'text', (c) => c.notNull())
          .addColumn('card_name', 'text', (c) => c.notNull())
          .addColumn('card_number', 'text', (c) => c.notNull())
          .addColumn('card_rarity', 'text', (c) => c.notNull())
          .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
          .addColumn('sold_on', sql.raw(t.date), (c) => c.notNull())
          .addColumn('sold_at', sql.raw(t.timestamp), (c) => c.notNull())
          .addColumn('seller', 'text', (c) => c.notNull())
          .addColumn('seller_rating', 'real')
          .addColumn('image', 'text')
          .addColumn('grading_company', 'text')
          .addColumn('grade', 'real')
          .addColumn('sale_type', 'text')
          .addColumn('source_ref', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull());
        if (table === 'deleted_sales') {
          builder = builder
            .addColumn('deleted_at', sql.raw(t.timestamp), (c) => c.notNull())
            .addColumn('deleted_by', 'text', (c) => c.notNull());
        }
        await builder.execute();
      }
      // One covering index serves the analysis: a range scan of it yields every sale of a card in a period,
      // newest first, with what the statistics, chart and grade filter need, without touching the table.
      await db.schema
        .createIndex('sales_card_analysis')
        .on('sales')
        .columns(['set_id', 'card_name', 'sold_at', 'id', 'price_cents', 'grading_company', 'grade'])
        .execute();
      await db.schema.createIndex('sales_day').on('sales').columns(['set_id', 'sold_on']).execute();
      await db.schema.createIndex('deleted_sales_time').on('deleted_sales').column('deleted_at').execute();

      await db.schema
        .createTable('collection_items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('list', 'text', (c) => c.notNull().check(sql`list in ('collected', 'wtb')`))
        .addColumn('set_id', 'text', (c) => c.notNull())
        .addColumn('card_id', 'text', (c) => c.notNull())
        .addColumn('card_name', 'text', (c) => c.notNull())
        .addColumn('card_number', 'text', (c) => c.notNull())
        .addColumn('grade', 'integer', (c) => c.check(sql`grade between 1 and 10`))
        .addColumn('grading_company', 'text')
        .addColumn('cert_number', 'text')
        .addColumn('variant', 'text')
        .addColumn('accepting_offers', sql.raw(t.boolean), (c) =>
          c.notNull().defaultTo(sql.raw(t.falseValue)),
        )
        .addColumn('added_at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('collection_items_source')
        .on('collection_items')
        .columns(['set_id', 'card_name', 'list', 'user_id'])
        .execute();
      await db.schema
        .createIndex('collection_items_profile')
        .on('collection_items')
        .columns(['user_id', 'list', 'added_at'])
        .execute();

      await db.schema
        .createTable('offers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('item_id', 'text', (c) =>
          c.notNull().references('collection_items.id').onDelete('cascade'),
        )
        .addColumn('from_user', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('to_user', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
        .addColumn('message', 'text')
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('open', 'accepted', 'declined', 'withdrawn')`),
        )
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('updated_at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('offers_to').on('offers').columns(['to_user', 'created_at']).execute();
      await db.schema.createIndex('offers_from').on('offers').columns(['from_user', 'created_at']).execute();

      await db.schema
        .createTable('media')
        .addColumn('hash', 'text', (c) => c.primaryKey())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('cert_lookups')
        .addColumn('cert_number', 'text', (c) => c.primaryKey())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('images', 'text', (c) => c.notNull())
        .addColumn('fetched_at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('actor', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .execute();

      await db.schema
        .createTable('inquiries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('advance', 'contact', 'partnership')`),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('card', 'text')
        .addColumn('estimated_value_cents', 'integer')
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();
    },
  };
}
