import type { ControlledTransaction, Kysely } from 'kysely';
import { type DatabaseHandle, SQLITE_CACHE_KIB } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { takeTurnWhenBusy } from '../../event-loop-turns.ts';
import { NewSalesFlagging } from '../flags/flag-new-sales.ts';
import type { OutlierHelper } from '../flags/outlier-judging.ts';
import type { SaleRecord, StoredSales } from '../sale-record.ts';
import type { CopyMemory } from './sales-copy.repository.ts';
import {
  inIndexOrder,
  ROWS_PER_STATEMENT,
  ROWS_PER_TRANSACTION,
  type WriteResult,
  writeRecords,
} from './sales-write.repository.ts';

/**
 * SQLite's page cache while an import writes, in KiB. A transaction's rows arrive in file order, so they
 * dirty pages all over the indexes of a large table; with room for those pages until the commit, each page
 * is written once instead of again and again. The cache shrinks back when the import ends.
 */
const IMPORT_CACHE_KIB = 262_144;

/** A statement's worth: short enough that requests waiting behind it are answered within one turn. */
const SQLITE_ROWS_PER_TURN = ROWS_PER_STATEMENT;

/**
 * Stores an import's rows as they arrive, ROWS_PER_TRANSACTION to a transaction, so storing keeps pace with
 * reading the file instead of waiting for a transaction's worth of rows. A transaction stays open between
 * writes and holds the database connection; `commit` releases it, for work that needs the connection.
 */
export class SalesWriter {
  private transaction: ControlledTransaction<Database> | undefined;
  private rowsInTransaction = 0;
  private ended = false;
  private readonly createdAt = new Date().toISOString();
  private readonly flagging: NewSalesFlagging;
  private readonly copyMemory: CopyMemory = { metStoredRows: false };
  /**
   * Rows written between turns of the event loop (takeTurnWhenBusy). SQLite stores them synchronously, and
   * a file reader that is ahead hands its batches over without a wait, so the rows of a whole file would
   * otherwise be stored while every other request waited. PostgreSQL's writes wait on the network anyway.
   */
  private readonly rowsPerTurn: number;

  /**
   * `lendHelper` lends a thread to judge outliers on while flagging (the importer hands in its idle file
   * reader, sales/read/parsed-batches.ts); without it they are judged on this thread.
   */
  constructor(
    private readonly database: DatabaseHandle,
    lendHelper?: () => OutlierHelper | undefined,
  ) {
    this.flagging = new NewSalesFlagging(database, false, lendHelper);
    this.rowsPerTurn = database.sqlite ? SQLITE_ROWS_PER_TURN : ROWS_PER_TRANSACTION;
    database.sqlite?.pragma(`cache_size = -${IMPORT_CACHE_KIB}`);
    database.checkpoints?.hold();
  }

  /** Stores the records (in index order, as writeSingleChange does); a stored or archived source_ref adds nothing. */
  async write(records: readonly SaleRecord[]): Promise<WriteResult> {
    // The records were just taken in from the reader, work of their own: a turn first if it was long.
    await takeTurnWhenBusy();
    const ordered = inIndexOrder(records);
    let inserted = 0;
    for (let start = 0; start < ordered.length; ) {
      this.transaction ??= await this.database.db.startTransaction().execute();
      const part = ordered.slice(
        start,
        start + Math.min(this.rowsPerTurn, ROWS_PER_TRANSACTION - this.rowsInTransaction),
      );
      const stored: StoredSales = { sales: [] };
      inserted += await writeRecords(this.database, this.transaction, part, this.createdAt, {
        stored,
        memory: this.copyMemory,
      });
      await this.flagging.note(stored);
      this.rowsInTransaction += part.length;
      start += part.length;
      if (this.rowsInTransaction >= ROWS_PER_TRANSACTION) await this.commit();
      await takeTurnWhenBusy();
    }
    return { inserted, duplicates: records.length - inserted };
  }

  /**
   * Commits what is written so far; later writes start a new transaction. `alsoWrite` adds the caller's own
   * rows to the same transaction (a feed's checkpoint), so they stand or fall with the sales.
   */
  async commit(alsoWrite?: (transaction: Kysely<Database>) => Promise<void>): Promise<void> {
    // The new sales' flags go in with them (docs/product.md §11), so `excluded` is right once they are visible.
    if (this.transaction) await this.flagging.apply(this.transaction);
    if (alsoWrite) {
      this.transaction ??= await this.database.db.startTransaction().execute();
      await alsoWrite(this.transaction);
    }
    const transaction = this.transaction;
    this.transaction = undefined;
    this.rowsInTransaction = 0;
    try {
      await transaction?.commit().execute();
    } catch (error) {
      this.flagging.forget();
      throw error;
    }
    this.flagging.committed();
  }

  /** Commits, gives the page cache back and lets the log be copied into the database file. */
  async close(): Promise<void> {
    await this.releasingCache(() => this.commit());
  }

  /** Rolls back the open transaction (committed ones stay), gives the page cache back, lets the log be copied. */
  async abort(): Promise<void> {
    const transaction = this.transaction;
    this.transaction = undefined;
    this.flagging.forget();
    await this.releasingCache(async () => {
      await transaction?.rollback().execute();
    });
  }

  private async releasingCache(end: () => Promise<void>): Promise<void> {
    try {
      await end();
    } finally {
      // A writer may be closed and then aborted (a failure while it closed): it lets go once.
      if (!this.ended) {
        this.ended = true;
        this.database.sqlite?.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
        this.database.checkpoints?.release();
      }
    }
  }
}

/**
 * Source references that are stored already, in `sales` or in the admin's `deleted_sales` archive. Lets the
 * importer skip work (decoding images) for rows that will not be stored.
 */
export async function knownSourceRefs(
  database: DatabaseHandle,
  refs: readonly string[],
): Promise<Set<string>> {
  const known = new Set<string>();
  for (let start = 0; start < refs.length; start += ROWS_PER_STATEMENT) {
    const chunk = refs.slice(start, start + ROWS_PER_STATEMENT);
    const rows = await database.db
      .selectFrom('sales')
      .select('source_ref')
      .where('source_ref', 'in', chunk)
      .unionAll(database.db.selectFrom('deleted_sales').select('source_ref').where('source_ref', 'in', chunk))
      .execute();
    for (const row of rows) known.add(row.source_ref);
  }
  return known;
}
