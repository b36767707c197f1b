import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Kysely, sql } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';

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
 * Stores rows given as COPY's text (copyText) into `sales` on PostgreSQL, on the caller's transaction: COPY
 * fills a temporary table of the transaction, and one INSERT … SELECT moves the rows whose source_ref is
 * neither stored nor in the archive of deleted sales into `sales` (COPY itself cannot skip a conflicting
 * row). Parsing COPY's text costs the server far less than binding 17 parameters a row, and the INSERT is
 * one statement a batch, so whatever the database does per statement on `sales` (the change log) is done
 * once. Returns the ids of the rows that were new, and the entry of the change log its trigger wrote last.
 *
 * The trigger numbers the new rows' entries under the change log's advisory lock (migration 012), which
 * every writer of sales takes before its first row and keeps until it commits: no other transaction can
 * number an entry meanwhile, so the statement's entries are the ones running up to the sequence's value in
 * this session (currval). The flags of the new sales then need not read them back (flag-new-sales.ts).
 * `unlogged` while a bulk load has the triggers off: the rows then have no entries to count.
 */
export async function copySales(
  database: DatabaseHandle,
  executor: Kysely<Database>,
  columns: readonly string[],
  text: Iterable<Buffer>,
  unlogged: boolean,
): Promise<CopiedSales> {
  if (!database.postgresClients) throw new Error('COPY needs a PostgreSQL database');
  const columnList = sql.join(columns.map((column) => sql.id(column)));
  const incoming = columns.map((column) => sql.ref(`incoming.${column}`));
  // `including defaults`: columns the rows do not bring (excluded) must not arrive as null.
  await sql`create temporary table if not exists sales_incoming (like sales including defaults) on commit drop`.execute(
    executor,
  );
  const client = await database.postgresClients.connectionOf(executor);
  const names = columns.map((column) => `"${column}"`).join(', ');
  await pipeline(Readable.from(text), client.query(copyFrom(`copy sales_incoming (${names}) from stdin`)));
  const result = await sql<{ id: string }>`
    insert into sales (${columnList})
    select ${sql.join(incoming)} from sales_incoming as incoming
    where not exists (select 1 from deleted_sales where deleted_sales.source_ref = incoming.source_ref)
    on conflict (source_ref) do nothing
    returning id
  `.execute(executor);
  await sql`truncate sales_incoming`.execute(executor);
  const ids = result.rows.map((row) => row.id);
  if (ids.length === 0 || unlogged) return { ids, lastLogSeq: undefined };
  const last = await sql<{ seq: string }>`
    select currval(pg_get_serial_sequence('sales_changes', 'seq')) as seq
  `.execute(executor);
  return { ids, lastLogSeq: Number(last.rows[0]!.seq) };
}
