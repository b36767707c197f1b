import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

/**
 * Sales you can trust (docs/product.md §11): each sale's provenance (listing title and address, certificate,
 * marketplace or auction house, original currency and price, shipping, buyer's premium, whether a Best
 * Offer's accepted price is known), the reference exchange rates that turn a foreign price into dollars, and
 * the flags that say why a sale is left out of statistics. Every new sales column is optional or has a
 * default, so adding them to a table of a million sales rewrites nothing.
 */
export function compHygiene(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of ['sales', 'deleted_sales']) {
        await db.schema.alterTable(table).addColumn('title', 'text').execute();
        await db.schema.alterTable(table).addColumn('listing_url', 'text').execute();
        await db.schema.alterTable(table).addColumn('cert_number', 'text').execute();
        await db.schema.alterTable(table).addColumn('source', 'text').execute();
        await db.schema
          .alterTable(table)
          .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
          .execute();
        await db.schema.alterTable(table).addColumn('original_price_cents', 'bigint').execute();
        await db.schema.alterTable(table).addColumn('shipping_cents', 'bigint').execute();
        await db.schema.alterTable(table).addColumn('buyer_premium_cents', 'bigint').execute();
        await db.schema
          .alterTable(table)
          .addColumn('best_offer_accepted', sql.raw(t.boolean), (c) =>
            c.notNull().defaultTo(sql.raw(t.falseValue)),
          )
          .execute();
      }
      // Only sales with a certificate are in it, so the import of sales without one pays nothing for it.
      await db.schema
        .createIndex('sales_cert')
        .on('sales')
        .columns(['cert_number', 'sold_at'])
        .where(sql.ref('cert_number'), 'is not', null)
        .execute();

      await db.schema
        .createTable('fx_rates')
        .addColumn('day', sql.raw(t.date), (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('per_euro', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('fx_rates_pkey', ['day', 'currency'])
        .execute();

      await db.schema
        .createTable('sale_flags')
        .addColumn('sale_id', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        // The sale's card and time, so a card's flags in a period are read off an index, not joined per sale.
        .addColumn('set_id', 'text', (c) => c.notNull())
        .addColumn('card_name', 'text', (c) => c.notNull())
        .addColumn('sold_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addColumn('decided_by', 'text')
        .addColumn('decided_at', sql.raw(t.timestamp))
        .addPrimaryKeyConstraint('sale_flags_pkey', ['sale_id', 'code'])
        .execute();
      await db.schema
        .createIndex('sale_flags_card')
        .on('sale_flags')
        .columns(['set_id', 'card_name', 'sold_at'])
        .execute();
      await db.schema
        .createIndex('sale_flags_queue')
        .on('sale_flags')
        .columns(['status', 'created_at'])
        .execute();
    },
  };
}
