import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/connect.ts';
import { NewSalesFlagging } from './flags/flag-new-sales.ts';
import {
  type SaleRecord,
  type StoredSale,
  type WriteResult,
  writeRecords,
} from './sales-write.repository.ts';

/**
 * An open bulk load: rows go in without the secondary indexes and the change log's triggers, which
 * `finish` makes again.
 */
export interface BulkLoad {
  write(records: readonly SaleRecord[]): Promise<WriteResult>;
  /** Builds the indexes again and commits. */
  finish(): Promise<void>;
  /** Rolls everything back: the table is empty again, with its indexes. */
  abort(): Promise<void>;
}

/**
 * Starts filling a sales table that has never held a sale, fast: on SQLite the secondary indexes are
 * dropped, the rows inserted and each index built again in one sort at the end, which takes less than half
 * the time of keeping six indexes up to date row by row. All of it is one transaction, so a stop midway
 * leaves the table empty with its indexes. The transaction holds the database connection until `finish` or
 * `abort`, so this is for command line tools and start-up, not for requests. Returns undefined when it does
 * not apply (PostgreSQL, or the table has or had sales); the caller then writes with `insertSales`.
 */
export async function startBulkLoad(database: DatabaseHandle): Promise<BulkLoad | undefined> {
  if (database.dialect !== 'sqlite') return undefined;
  const trx = await database.db.startTransaction().execute();
  // The load's commit leaves its log to a worker thread; a load that fails to commit and is aborted lets go once.
  database.checkpoints?.hold();
  let holding = true;
  const letGo = () => {
    if (holding) database.checkpoints?.release();
    holding = false;
  };
  const rollBack = async () => {
    try {
      await trx.rollback().execute();
    } finally {
      letGo();
    }
  };
  try {
    const stored = await trx.selectFrom('sales').select('id').limit(1).executeTakeFirst();
    const archived = await trx.selectFrom('deleted_sales').select('id').limit(1).executeTakeFirst();
    if (stored || archived) {
      await rollBack();
      return undefined;
    }
    // The change log's row triggers go too: one row saying every card changed replaces a row per sale.
    const { rows: built } = await sql<{ type: 'index' | 'trigger'; name: string; sql: string }>`
      select type, name, sql from sqlite_master
      where type in ('index', 'trigger') and tbl_name = 'sales' and sql is not null
    `.execute(trx);
    for (const { type, name } of built) {
      await sql`drop ${sql.raw(type === 'index' ? 'index' : 'trigger')} ${sql.id(name)}`.execute(trx);
    }
    const createdAt = new Date().toISOString();
    // The load stores its sales without logging them (the entry below says every card changed).
    const flagging = new NewSalesFlagging(database, true);
    return {
      async write(records) {
        const stored: StoredSale[] = [];
        const inserted = await writeRecords(database, trx, records, createdAt, stored);
        flagging.note(stored);
        return { inserted, duplicates: records.length - inserted };
      },
      async finish() {
        // The definitions come from sqlite_master itself, so whatever the migrations made comes back.
        for (const { sql: definition } of built) await sql.raw(definition).execute(trx);
        // Flagged once over the whole load, off the indexes just built, in the load's transaction.
        await flagging.apply(trx);
        await trx.insertInto('sales_changes').values({ change: 0 }).execute();
        try {
          await trx.commit().execute();
        } finally {
          letGo();
        }
      },
      abort: rollBack,
    };
  } catch (error) {
    await rollBack();
    throw error;
  }
}
