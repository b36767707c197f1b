import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

/**
 * `excluded` on sales and their archive: true when a sale is flagged and left out of statistics, ladders and
 * estimates. The analysis's covering index gains it, so reading a card's sales still never touches the table.
 */
export function excludedSales(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of ['sales', 'deleted_sales']) {
        await db.schema
          .alterTable(table)
          .addColumn('excluded', sql.raw(t.boolean), (c) => c.notNull().defaultTo(sql.raw(t.falseValue)))
          .execute();
      }
      await db.schema.dropIndex('sales_card_analysis').execute();
      await db.schema
        .createIndex('sales_card_analysis')
        .on('sales')
        .columns([
          'set_id',
          'card_name',
          'sold_at',
          'id',
          'price_cents',
          'grading_company',
          'grade',
          'excluded',
        ])
        .execute();
    },
  };
}
