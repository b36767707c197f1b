import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Kysely, sql } from 'kysely';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { takingTurns } from '../../event-loop-turns.ts';

/** Rows per chunk of COPY text handed to the stream: big enough to batch, small enough not to hold the batch twice. */
const ROWS_PER_CHUNK = 1000;

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES = /[\\\t\n\r]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * A row in COPY's text format: values between tabs, \N for null; backslash, tab and line breaks escaped.
 * Built by concatenation without an array per row, and only text is searched for what needs escaping:
 * an import writes a few million values, and the array and the searches of numbers cost a third of it.
 */
function copyLine(row: readonly unknown[]): string {
  let line = '';
  for (let index = 0; index < row.length; index++) {
    const value = row[index];
    const text =
      value === null || value === undefined
        ? '\\N'
        : typeof value === 'string'
          ? NEEDS_ESCAPE.test(value)
            ? value.replace(ESCAPES, (c) => ESCAPED[c]!)
            : value
          : String(value);
    line += index === 0 ? text : `\t${text}`;
  }
  return `${line}\n`;
}

/** Bytes a chunk starts with; it grows for rows of long values. */
const CHUNK_BYTES = 512 * 1024;

/**
 * `count` rows as COPY's text, ROWS_PER_CHUNK rows to a chunk of bytes, made as the stream asks for them
 * so the server reads one chunk while the next is made. `fill` puts the values of row `index` into `row`:
 * one array serves every row, where an array per row was a hundred thousand arrays of garbage per import.
 * Each line is encoded into the chunk as it is made: a chunk of text joined from a thousand lines, then
 * encoded whole, cost twice as long, most of it flattening and encoding the joined text.
 */
export function* copyText(
  count: number,
  width: number,
  fill: (row: unknown[], index: number) => void,
): Generator<Buffer> {
  const row: unknown[] = new Array(width);
  for (let start = 0; start < count; start += ROWS_PER_CHUNK) {
    let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let used = 0;
    const end = Math.min(start + ROWS_PER_CHUNK, count);
    for (let index = start; index < end; index++) {
      fill(row, index);
      const line = copyLine(row);
      // A UTF-16 code unit takes at most three bytes in UTF-8.
      if (used + line.length * 3 > chunk.length) {
        const larger = Buffer.allocUnsafe(Math.max(chunk.length * 2, used + line.length * 3));
        chunk.copy(larger, 0, 0, used);
        chunk = larger;
      }
      used += chunk.write(line, used);
    }
    yield chunk.subarray(0, used);
  }
}

/** The rows a COPY stored, and the change log's entry of the last of them. */
export interface CopiedSales {
  ids: string[];
  /** Undefined when no row was new. */
  lastLogSeq: number | undefined;
}

/**
 * A batch of rows to COPY: their ids and source references, and their COPY text, made anew on each call and
 * sent with a turn for other requests between its chunks (takingTurns).
 */
export interface CopyBatch {
  ids: readonly string[];
  sourceRefs: readonly string[];
  text: () => Iterable<Buffer>;
}

/**
 * What a writer has learnt from its earlier batches. Once a batch met a stored source_ref, the writer is
 * likely storing rows it stored before (an import run again, a feed's overlapping pages), so its later
 * batches go through the temporary table at once.
 */
export interface CopyMemory {
  metStoredRows: boolean;
}

/** SQLSTATE of a unique violation: a row's source_ref is stored already. */
const UNIQUE_VIOLATION = '23505';

/**
 * Stores a batch (copyText) into `sales` on PostgreSQL, on the caller's transaction, skipping rows whose
 * source_ref is stored or in the archive of deleted sales. Returns the ids of the rows that were new, and
 * the entry of the change log its trigger wrote last. Parsing COPY's text costs the server far less than
 * binding 17 parameters a row, and each batch is one statement on `sales`, so whatever the database does
 * per statement on `sales` (the change log) is done once.
 *
 * COPY cannot skip a conflicting row, so a batch is first copied straight into `sales` behind a savepoint:
 * most batches of an import are new sales, and this costs the server about a fifth less than the way
 * round. If a row's source_ref is stored already, the COPY fails, the savepoint is rolled back, and the
 * batch takes the way round: COPY into a temporary table of the transaction, then one INSERT … SELECT of
 * the rows that are neither stored nor archived. A batch with an archived source_ref takes the way round
 * at once; so does every batch of a writer after one met a stored row (CopyMemory).
 *
 * The change log's advisory lock (migration 012), which every writer of sales takes before its first row
 * and keeps until it commits, is taken before the archive is read, so no sale is archived meanwhile. The
 * trigger numbers the new rows' entries under that lock, so the statement's entries are the ones running up
 * to the sequence's value in this session (currval), and the flags of the new sales need not read them
 * back (flag-new-sales.ts). `unlogged` while a bulk load has the triggers off: the rows then have no
 * entries to count.
 */
export async function copySales(
  database: DatabaseHandle,
  executor: Kysely<Database>,
  columns: readonly string[],
  batch: CopyBatch,
  options: { unlogged: boolean; memory: CopyMemory },
): Promise<CopiedSales> {
  if (!database.postgresClients) throw new Error('COPY needs a PostgreSQL database');
  const client = await database.postgresClients.connectionOf(executor);
  const names = columns.map((column) => `"${column}"`).join(', ');
  let ids: string[] | undefined;
  if (!options.memory.metStoredRows && !(await anyArchived(executor, batch.sourceRefs))) {
    await sql`savepoint copy_straight_in`.execute(executor);
    try {
      await pipeline(
        Readable.from(takingTurns(batch.text())),
        client.query(copyFrom(`copy sales (${names}) from stdin`)),
      );
      await sql`release savepoint copy_straight_in`.execute(executor);
      ids = [...batch.ids];
    } catch (error) {
      if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
      await sql`rollback to savepoint copy_straight_in`.execute(executor);
      options.memory.metStoredRows = true;
    }
  }
  ids ??= await copyRoundAbout(executor, client, columns, names, batch);
  if (ids.length === 0 || options.unlogged) return { ids, lastLogSeq: undefined };
  const last = await sql<{ seq: string }>`
    select currval(pg_get_serial_sequence('sales_changes', 'seq')) as seq
  `.execute(executor);
  return { ids, lastLogSeq: Number(last.rows[0]!.seq) };
}

/** Whether any of the source references is archived, read under the change log's lock (see copySales). */
async function anyArchived(executor: Kysely<Database>, sourceRefs: readonly string[]): Promise<boolean> {
  await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.sales_changes'))`.execute(executor);
  const archive = await sql<{ any: boolean }>`select exists (select 1 from deleted_sales) as any`.execute(
    executor,
  );
  if (!archive.rows[0]!.any) return false;
  const found = await sql<{ any: boolean }>`
    select exists (select 1 from deleted_sales where source_ref = any(${sourceRefs}::text[])) as any
  `.execute(executor);
  return found.rows[0]!.any;
}

/**
 * The way round for a batch that may hold stored or archived source references: COPY into a temporary
 * table of the transaction, then one INSERT … SELECT of the rows that are neither. Returns the new rows' ids.
 */
async function copyRoundAbout(
  executor: Kysely<Database>,
  client: PoolClient,
  columns: readonly string[],
  names: string,
  batch: CopyBatch,
): Promise<string[]> {
  const columnList = sql.join(columns.map((column) => sql.id(column)));
  const incoming = columns.map((column) => sql.ref(`incoming.${column}`));
  // `including defaults`: columns the rows do not bring (excluded) must not arrive as null.
  await sql`create temporary table if not exists sales_incoming (like sales including defaults) on commit drop`.execute(
    executor,
  );
  await pipeline(
    Readable.from(takingTurns(batch.text())),
    client.query(copyFrom(`copy sales_incoming (${names}) from stdin`)),
  );
  const result = await sql<{ id: string }>`
    insert into sales (${columnList})
    select ${sql.join(incoming)} from sales_incoming as incoming
    where not exists (select 1 from deleted_sales where deleted_sales.source_ref = incoming.source_ref)
    on conflict (source_ref) do nothing
    returning id
  `.execute(executor);
  await sql`truncate sales_incoming`.execute(executor);
  return result.rows.map((row) => row.id);
}
