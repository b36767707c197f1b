import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { NewSalesFlagging } from '../flags/flag-new-sales.ts';
import type { SaleRecord, StoredSales } from '../sale-record.ts';
import type { CopyMemory } from './sales-copy.repository.ts';
import { inIndexOrder, type WriteResult, writeRecords } from './sales-write.repository.ts';

/**
 * An open bulk load: rows go in without the change log's triggers (and on SQLite without the secondary
 * indexes), which `finish` brings back.
 */
export interface BulkLoad {
  write(records: readonly SaleRecord[]): Promise<WriteResult>;
  /** Brings the indexes and triggers back, flags the sales and commits. */
  finish(): Promise<void>;
  /** Rolls everything back: the table is empty again, with its indexes. */
  abort(): Promise<void>;
}

/**
 * Starts filling a sales table that has never held a sale, fast, in one transaction, so a stop midway leaves
 * the table empty with its indexes and triggers. The change log's triggers are off for the load: one entry
 * saying every card changed replaces the cards' own, as a TRUNCATE's does.
 *
 * - SQLite: the secondary indexes and the triggers are dropped, the rows inserted and each index built again
 *   in one sort at the end, which takes less than half the time of keeping six indexes up to date row by
 *   row. The transaction holds the database connection until `finish` or `abort`, so this is for command
 *   line tools and start-up, not for requests.
 * - PostgreSQL: the triggers are disabled within the transaction, under a lock that keeps other writers of
 *   sales waiting while readers go on; a table this empty keeps its indexes up to date cheaply.
 *
 * Returns undefined when the table has or had sales; the caller then writes with `writeSingleChange`.
 */
export async function startBulkLoad(database: DatabaseHandle): Promise<BulkLoad | undefined> {
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
    // No other writer may store a sale between the check below and the commit.
    if (database.dialect === 'postgres') await sql`lock table sales in share row exclusive mode`.execute(trx);
    const stored = await trx.selectFrom('sales').select('id').limit(1).executeTakeFirst();
    const archived = await trx.selectFrom('deleted_sales').select('id').limit(1).executeTakeFirst();
    if (stored || archived) {
      await rollBack();
      return undefined;
    }
    const restore =
      database.dialect === 'sqlite' ? await setAsideOnSqlite(trx) : await setAsideOnPostgres(trx);
    const createdAt = new Date().toISOString();
    const flagging = new NewSalesFlagging(database, true);
    const memory: CopyMemory = { metStoredRows: false };
    let loaded = 0;
    return {
      async write(records) {
        const stored: StoredSales = { sales: [] };
        // In index order, as every writer stores: a card's sales then lie together in the table too, and
        // reading a card whole reads a few pages of it instead of one page a sale.
        const inserted = await writeRecords(database, trx, inIndexOrder(records), createdAt, {
          stored,
          unlogged: true,
          memory,
        });
        await flagging.note(stored);
        loaded += inserted;
        return { inserted, duplicates: records.length - inserted };
      },
      async finish() {
        await restore();
        // Flagged once over the whole load, off the indexes just built, in the load's transaction.
        await flagging.apply(trx);
        if (loaded > 0) await trx.insertInto('sales_changes').values({ change: 0 }).execute();
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

/** Drops the secondary indexes and the triggers of `sales`; returns what makes them again. */
async function setAsideOnSqlite(trx: Kysely<Database>): Promise<() => Promise<void>> {
  const { rows: built } = await sql<{ type: 'index' | 'trigger'; name: string; sql: string }>`
    select type, name, sql from sqlite_master
    where type in ('index', 'trigger') and tbl_name = 'sales' and sql is not null
  `.execute(trx);
  for (const { type, name } of built) {
    await sql`drop ${sql.raw(type === 'index' ? 'index' : 'trigger')} ${sql.id(name)}`.execute(trx);
  }
  // The definitions come from sqlite_master itself, so whatever the migrations made comes back.
  return async () => {
    for (const { sql: definition } of built) await sql.raw(definition).execute(trx);
  };
}

/**
 * Disables the triggers of `sales` for the transaction (no other session sees them off: writers wait for
 * the lock, and the commit enables them again); returns what enables them.
 */
async function setAsideOnPostgres(trx: Kysely<Database>): Promise<() => Promise<void>> {
  await sql`alter table sales disable trigger user`.execute(trx);
  return async () => {
    await sql`alter table sales enable trigger user`.execute(trx);
  };
}
