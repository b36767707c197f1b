import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Kysely, sql } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';

/** Rows per chunk of COPY text handed to the stream: big enough to batch, small enough not to hold the batch twice. */
const ROWS_PER_CHUNK = 1000;

/** A value in COPY's text format: \N for null; backslash, tab and line breaks escaped. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      )
    : text;
}

function* copyChunks(rows: readonly (readonly unknown[])[]): Generator<string> {
  for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
    let chunk = '';
    for (const row of rows.slice(start, start + ROWS_PER_CHUNK)) chunk += `${row.map(copyText).join('\t')}\n`;
    yield chunk;
  }
}

/**
 * Stores rows into `sales` on PostgreSQL through COPY, on the caller's transaction: COPY fills a temporary
 * table of the transaction, and one INSERT … SELECT moves the rows whose source_ref is neither stored nor
 * in the archive of deleted sales into `sales` (COPY itself cannot skip a conflicting row). Parsing COPY's
 * text costs the server far less than binding 17 parameters a row, and the INSERT is one statement a
 * batch, so whatever the database does per statement on `sales` (the change log) is done once. Returns how
 * many rows were new.
 */
export async function copySales(
  database: DatabaseHandle,
  executor: Kysely<Database>,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<number> {
  if (rows.length === 0) return 0;
  if (!database.postgresClients) throw new Error('COPY needs a PostgreSQL database');
  const columnList = sql.join(columns.map((column) => sql.id(column)));
  const incoming = columns.map((column) => sql.ref(`incoming.${column}`));
  // `including defaults`: columns the rows do not bring (excluded) must not arrive as null.
  await sql`create temporary table if not exists sales_incoming (like sales including defaults) on commit drop`.execute(
    executor,
  );
  const client = await database.postgresClients.connectionOf(executor);
  const names = columns.map((column) => `"${column}"`).join(', ');
  await pipeline(
    Readable.from(copyChunks(rows)),
    client.query(copyFrom(`copy sales_incoming (${names}) from stdin`)),
  );
  const result = await sql`
    insert into sales (${columnList})
    select ${sql.join(incoming)} from sales_incoming as incoming
    where not exists (select 1 from deleted_sales where deleted_sales.source_ref = incoming.source_ref)
    on conflict (source_ref) do nothing
  `.execute(executor);
  await sql`truncate sales_incoming`.execute(executor);
  return Number(result.numAffectedRows ?? 0);
}
