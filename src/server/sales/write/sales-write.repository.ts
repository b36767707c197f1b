import crypto from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database, NewSale } from '../../db/schema.ts';
import { sqliteSale } from '../../db/shared-sql.ts';
import { enqueueSaleAlerts } from '../../notifications/notification-outbox.repository.ts';
import { ownFlagsOf } from '../flags/flag-rules.ts';
import { SALE_COLUMNS, type SaleRecord, type StoredSale, type StoredSales } from '../sale-record.ts';
import { type CopyMemory, copySales, copyText } from './sales-copy.repository.ts';

export interface WriteResult {
  inserted: number;
  /** Rows whose source_ref is already stored, was deleted by an admin, or repeats within the batch. */
  duplicates: number;
}

/**
 * Source references per lookup statement (knownSourceRefs): well under both SQLite's (32,766) and
 * PostgreSQL's (65,535) limit on bound parameters.
 */
export const ROWS_PER_STATEMENT = 1000;

/**
 * Rows per transaction for bulk writers. On SQLite every commit writes each index page the transaction
 * touched to the WAL; in a table of a million sales 10,000 rows touch most pages of the indexes for a few
 * rows each, while 100,000 share them. A transaction's flags are also judged once for each card it touches
 * (flag-new-sales.ts), so fewer transactions judge each card fewer times: 100,000 rows to a transaction
 * import a 100,000-row file into a million sales about a sixth faster than 50,000 did. Another writer waits
 * for at most one such transaction, a few seconds.
 */
export const ROWS_PER_TRANSACTION = 100_000;

/** The columns a SaleRecord brings: all but the first (id) and the last (created_at). */
const RECORD_COLUMNS = SALE_COLUMNS.slice(1, -1) as readonly (keyof SaleRecord)[];

const CURRENCY_AT = SALE_COLUMNS.indexOf('currency');
const BEST_OFFER_AT = SALE_COLUMNS.indexOf('best_offer_accepted');
const EXCLUDED_AT = SALE_COLUMNS.indexOf('excluded');

/** Writes one row's values in SALE_COLUMNS order into `parameters` from `at`; returns where the next row starts. */
function putRow(
  parameters: unknown[],
  at: number,
  id: string,
  record: SaleRecord,
  createdAt: string,
): number {
  let next = at;
  parameters[next++] = id;
  for (const column of RECORD_COLUMNS) parameters[next++] = record[column] ?? null;
  // Columns with a default in the table: a record without them gets the default, as an INSERT without them would.
  parameters[at + CURRENCY_AT] ??= 'USD';
  parameters[at + BEST_OFFER_AT] = record.best_offer_accepted ? 1 : 0;
  // A new sale has no decided flags yet, so a flag of its own record excludes it from the start: the sale
  // is stored excluded rather than updated once its flags are stored, which would write it twice.
  parameters[at + EXCLUDED_AT] = ownFlagsOf(record).length > 0 ? 1 : 0;
  parameters[next++] = createdAt;
  return next;
}

/**
 * Sale ids for one batch: time first, so new rows land at the end of the primary key index instead of at
 * random places in it (which makes bulk inserts markedly slower), then randomness unique to the batch.
 */
function newSaleIds(count: number): string[] {
  const prefix = `${Date.now().toString(36).padStart(9, '0')}${crypto.randomBytes(5).toString('hex')}`;
  return Array.from({ length: count }, (_, index) => `${prefix}${index.toString(36).padStart(4, '0')}`);
}

/** The ids newSaleIds gave one batch run from its first to before this bound (the digits sort before '~'). */
function pastBatch(ids: readonly string[]): string {
  return `${ids[0]!.slice(0, -4)}~`;
}

function compileInsert(database: DatabaseHandle, rows: number): string {
  const template = Object.fromEntries(SALE_COLUMNS.map((column) => [column, null])) as unknown as NewSale;
  return database.db
    .insertInto('sales')
    .values(Array.from({ length: rows }, () => template))
    .onConflict((conflict) => conflict.column('source_ref').doNothing())
    .compile().sql;
}

/**
 * Entries the change log holds for these sales: one per card, as its triggers group them by set and name,
 * for which a card's id stands.
 */
function entriesFor(sales: readonly StoredSale[]): number {
  const cards = new Set<string>();
  for (const { record } of sales) cards.add(record.card_id);
  return cards.size;
}

interface SqliteStatements {
  insert: SQLite.Statement;
  anyArchived: SQLite.Statement;
  isArchived: SQLite.Statement;
  logTrigger: SQLite.Statement;
  logBatch: SQLite.Statement;
}

const sqliteStatements = new WeakMap<SQLite.Database, SqliteStatements>();

function statementsFor(database: DatabaseHandle, sqlite: SQLite.Database): SqliteStatements {
  let statements = sqliteStatements.get(sqlite);
  if (!statements) {
    statements = {
      insert: sqlite.prepare(compileInsert(database, 1)),
      anyArchived: sqlite.prepare('select 1 from deleted_sales limit 1').pluck(),
      isArchived: sqlite.prepare('select 1 from deleted_sales where source_ref = ?').pluck(),
      logTrigger: sqlite
        .prepare(`select sql from sqlite_master where type = 'trigger' and name = '${LOG_TRIGGER}'`)
        .pluck(),
      // What PostgreSQL's trigger writes for a statement (migration 014): an entry per card of the batch.
      logBatch: sqlite.prepare(`
        insert into sales_changes (set_id, card_name, change, sales)
        select sale.set_id, sale.card_name, 1, json_group_array(${sqliteSale('sale')})
        from sales as sale where sale.id >= ? and sale.id < ? group by sale.set_id, sale.card_name`),
    };
    sqliteStatements.set(sqlite, statements);
  }
  return statements;
}

/** The change log's row trigger for inserts (migration 012). */
const LOG_TRIGGER = 'sales_changes_insert';

/**
 * On SQLite, one prepared single-row INSERT per row: about a fifth faster than multi-row statements, which
 * Kysely's driver prepares anew on every execution. A row is looked up in the archive of deleted sales
 * only when the archive holds any. better-sqlite3 runs the statements on the connection the caller's
 * transaction holds, so the rows are part of that transaction.
 *
 * The change log's row trigger more than halved the rate of these inserts (SQLite runs a trigger program
 * per row), so inside the caller's transaction the batch goes in without it and one INSERT … SELECT logs
 * the batch's new rows, then the trigger is made again, all before anyone else can see the table: SQLite
 * lets one transaction write at a time, and DDL is part of the transaction. Outside a transaction the
 * trigger stays.
 */
function insertRowByRow(
  database: DatabaseHandle,
  sqlite: SQLite.Database,
  records: readonly SaleRecord[],
  ids: readonly string[],
  createdAt: string,
  stored: StoredSales | undefined,
): number {
  const { insert, anyArchived, isArchived, logTrigger, logBatch } = statementsFor(database, sqlite);
  const checkArchive = anyArchived.get() !== undefined;
  const parameters: unknown[] = new Array(SALE_COLUMNS.length);
  const trigger = sqlite.inTransaction ? (logTrigger.get() as string | undefined) : undefined;
  if (trigger) sqlite.exec(`drop trigger ${LOG_TRIGGER}`);
  let inserted = 0;
  try {
    records.forEach((record, index) => {
      if (checkArchive && isArchived.get(record.source_ref) !== undefined) return;
      putRow(parameters, 0, ids[index]!, record, createdAt);
      const changes = insert.run(parameters).changes;
      inserted += changes;
      if (changes > 0) stored?.sales.push({ id: ids[index]!, record });
    });
    if (trigger && inserted > 0) {
      const { changes, lastInsertRowid } = logBatch.run(ids[0], pastBatch(ids));
      const last = Number(lastInsertRowid);
      if (stored) stored.log = { first: last - changes + 1, last };
    }
  } finally {
    if (trigger) sqlite.exec(trigger);
  }
  return inserted;
}

/**
 * On PostgreSQL, all the records through one COPY (sales-copy.repository.ts); returns how many were new. The
 * statement's entries in the change log run up to the last it reports, one per card of the new sales.
 */
async function copyRecords(
  database: DatabaseHandle,
  executor: Kysely<Database>,
  records: readonly SaleRecord[],
  ids: readonly string[],
  createdAt: string,
  { stored, unlogged = false, memory = { metStoredRows: false } }: WriteOptions,
): Promise<number> {
  const text = () =>
    copyText(records.length, SALE_COLUMNS.length, (row, index) => {
      putRow(row, 0, ids[index]!, records[index]!, createdAt);
    });
  const sourceRefs = records.map((record) => record.source_ref);
  const copied = await copySales(
    database,
    executor,
    SALE_COLUMNS,
    { ids, sourceRefs, text },
    { unlogged, memory },
  );
  if (stored && copied.ids.length > 0) {
    const byId = new Set(copied.ids);
    records.forEach((record, index) => {
      if (byId.has(ids[index]!)) stored.sales.push({ id: ids[index]!, record });
    });
    const last = copied.lastLogSeq;
    if (last !== undefined) {
      stored.log = { first: last - entriesFor(stored.sales) + 1, last };
    }
  }
  return copied.ids.length;
}

export interface WriteOptions {
  /** Receives the rows stored, and their entries in the change log when known. */
  stored?: StoredSales;
  /**
   * The change log's triggers are off (a bulk load, which logs one entry for every card instead), so the
   * rows get no entries of their own.
   */
  unlogged?: boolean;
  /** On PostgreSQL, what the writer learnt from its earlier batches (CopyMemory); each call's own by default. */
  memory?: CopyMemory;
}

/**
 * Stores the records on the caller's transaction; a row whose source_ref is stored or archived adds nothing.
 * The batch's alert work goes into the outbox on the same transaction (docs/product.md §10).
 */
export async function writeRecords(
  database: DatabaseHandle,
  executor: Kysely<Database>,
  records: readonly SaleRecord[],
  createdAt: string,
  options: WriteOptions = {},
): Promise<number> {
  if (records.length === 0) return 0;
  const ids = newSaleIds(records.length);
  const inserted = database.sqlite
    ? insertRowByRow(database, database.sqlite, records, ids, createdAt, options.stored)
    : await copyRecords(database, executor, records, ids, createdAt, options);
  // Whatever else stores sales must do the same in its transaction, or watchers miss those sales.
  if (inserted > 0) await enqueueSaleAlerts(executor, ids[0]!, ids[ids.length - 1]!);
  return inserted;
}

/**
 * The records in the order of the sales_card_analysis index (set, card, time), the first of any repeated
 * source_ref only. Inserting in index order puts consecutive rows on the same index pages instead of
 * scattering them over the whole index, which makes an import into a large table markedly faster. The
 * sort is stable, so rows sold at the same instant keep their order in the file.
 */
export function inIndexOrder(records: readonly SaleRecord[]): SaleRecord[] {
  const seen = new Set<string>();
  const unique: SaleRecord[] = [];
  for (const record of records) {
    if (seen.has(record.source_ref)) continue;
    seen.add(record.source_ref);
    unique.push(record);
  }
  // Numbers compare much faster than the long shared prefixes of set, card and time strings. A card's id
  // stands for its set and name, so the cards are ranked once each rather than once for every record.
  const cardOrder = new Map<string, string>();
  for (const record of unique) cardOrder.set(record.card_id, `${record.set_id}\u0000${record.card_name}`);
  const ranked = [...cardOrder].sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0));
  const cardRank = new Map(ranked.map(([cardId], rank) => [cardId, rank]));
  const keyed = unique.map((record) => ({
    rank: cardRank.get(record.card_id)!,
    time: Date.parse(record.sold_at),
    record,
  }));
  keyed.sort((a, b) => a.rank - b.rank || a.time - b.time);
  return keyed.map(({ record }) => record);
}
