import { type ControlledTransaction, sql } from 'kysely';
import { type DatabaseHandle, SQLITE_CACHE_KIB } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import {
  inIndexOrder,
  ROWS_PER_TRANSACTION,
  type SaleRecord,
  type WriteResult,
  writeRecords,
} from './sales-write.repository.ts';

// Writers that keep a transaction open across the batches of an import or a demo load.

/**
 * SQLite's page cache while an import writes, in KiB. A transaction's rows arrive in file order, so they
 * dirty pages all over the indexes of a large table; with room for those pages until the commit, storing
 * rows into a million-sale table is about a third faster. The cache shrinks back when the import ends.
 */
const IMPORT_CACHE_KIB = 262_144;

/**
 * Stores an import's rows as they arrive, ROWS_PER_TRANSACTION to a transaction, so storing keeps pace with
 * reading the file instead of waiting for a transaction's worth of rows. A transaction stays open between
 * writes and holds the database connection; `commit` releases it, for work that needs the connection.
 */
export class SalesWriter {
  private transaction: ControlledTransaction<Database> | undefined;
  private rowsInTransaction = 0;
  private readonly createdAt = new Date().toISOString();

  constructor(private readonly database: DatabaseHandle) {
    database.sqlite?.pragma(`cache_size = -${IMPORT_CACHE_KIB}`);
  }

  /** Stores the records (in index order, as insertSales does); a stored or archived source_ref adds nothing. */
  async write(records: readonly SaleRecord[]): Promise<WriteResult> {
    const ordered = inIndexOrder(records);
    let inserted = 0;
    for (let start = 0; start < ordered.length; ) {
      this.transaction ??= await this.database.db.startTransaction().execute();
      const part = ordered.slice(start, start + ROWS_PER_TRANSACTION - this.rowsInTransaction);
      inserted += await writeRecords(this.database, this.transaction, part, this.createdAt);
      this.rowsInTransaction += part.length;
      start += part.length;
      if (this.rowsInTransaction >= ROWS_PER_TRANSACTION) await this.commit();
    }
    return { inserted, duplicates: records.length - inserted };
  }

  /** Commits what is written so far; later writes start a new transaction. */
  async commit(): Promise<void> {
    const transaction = this.transaction;
    this.transaction = undefined;
    this.rowsInTransaction = 0;
    await transaction?.commit().execute();
  }

  /** Commits and gives the page cache back. */
  async close(): Promise<void> {
    await this.releasingCache(() => this.commit());
  }

  /** Rolls back the open transaction (committed ones stay) and gives the page cache back. */
  async abort(): Promise<void> {
    const transaction = this.transaction;
    this.transaction = undefined;
    await this.releasingCache(async () => {
      await transaction?.rollback().execute();
    });
  }

  private async releasingCache(end: () => Promise<void>): Promise<void> {
    try {
      await end();
    } finally {
      this.database.sqlite?.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
    }
  }
}

/** An open bulk load: rows go in without the secondary indexes, which `finish` builds again. */
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
  try {
    const stored = await trx.selectFrom('sales').select('id').limit(1).executeTakeFirst();
    const archived = await trx.selectFrom('deleted_sales').select('id').limit(1).executeTakeFirst();
    if (stored || archived) {
      await trx.rollback().execute();
      return undefined;
    }
    const { rows: indexes } = await sql<{ name: string; sql: string }>`
      select name, sql from sqlite_master where type = 'index' and tbl_name = 'sales' and sql is not null
    `.execute(trx);
    for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(trx);
    const createdAt = new Date().toISOString();
    return {
      async write(records) {
        const inserted = await writeRecords(database, trx, records, createdAt);
        return { inserted, duplicates: records.length - inserted };
      },
      async finish() {
        // The definitions come from sqlite_master itself, so whatever indexes the migrations made come back.
        for (const index of indexes) await sql.raw(index.sql).execute(trx);
        await trx.commit().execute();
      },
      async abort() {
        await trx.rollback().execute();
      },
    };
  } catch (error) {
    await trx.rollback().execute();
    throw error;
  }
}
