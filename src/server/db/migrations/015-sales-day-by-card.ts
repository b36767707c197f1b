import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { saleDayApart } from '../shared-sql.ts';

/**
 * `sales_day` (set, sale day) goes. Each of its keys holds the few hundred sales of a set's day, so every
 * sale an import stores rewrote one of those long lists: about a fifth of the time PostgreSQL took to store
 * an import's rows into a table of a million sales. The day panel reads the analysis index instead, and the
 * partial `sales_day_apart` index holds only the sales whose day and instant disagree by more than a day.
 */
export function salesDayByCard(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('sales_day').execute();
      await db.schema
        .createIndex('sales_day_apart')
        .on('sales')
        .columns(['set_id', 'sold_on'])
        .where(sql.raw<boolean>(saleDayApart(dialect)))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('sales_day_apart').execute();
      await db.schema.createIndex('sales_day').on('sales').columns(['set_id', 'sold_on']).execute();
    },
  };
}
