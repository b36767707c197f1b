import type SQLite from 'better-sqlite3';
import { type Expression, type Kysely, sql } from 'kysely';
import { chunks } from '../../db/batched-statements.ts';
import type { Dialect } from '../../db/connect.ts';
import type { Database, FlagStatus } from '../../db/schema.ts';
import { takeTurnWhenBusy } from '../../event-loop-turns.ts';
import type { FlagCode } from './flag-rules.ts';

/** A flag to store, with the sale's card and time that the flags' index is ordered by. */
export interface NewFlag {
  saleId: string;
  code: FlagCode;
  reason: string;
  setId: string;
  cardName: string;
  soldAt: string;
}

const insertStatements = new WeakMap<SQLite.Database, SQLite.Statement>();

function insertStatement(sqlite: SQLite.Database): SQLite.Statement {
  let statement = insertStatements.get(sqlite);
  if (!statement) {
    statement = sqlite.prepare(`
      insert into sale_flags (sale_id, code, reason, status, set_id, card_name, sold_at, created_at)
      values (?, ?, ?, 'open', ?, ?, ?, ?)
      on conflict (sale_id, code) do nothing`);
    insertStatements.set(sqlite, statement);
  }
  return statement;
}

/** Flags stored between looks at the clock (takeTurnWhenBusy) on SQLite, where each is a statement of its own. */
const FLAGS_PER_TURN_CHECK = 100;

/**
 * Flags to a statement on PostgreSQL. The driver writes each array parameter out as text on this thread, so
 * tens of thousands of flags in one statement would hold other requests meanwhile; parts of this size take
 * turns (takeTurnWhenBusy) and cost a round trip each.
 */
const POSTGRES_FLAGS_PER_STATEMENT = 5000;

/**
 * Stores new flags as open. A sale that has the flag already keeps it as it is: an admin's decision stands,
 * and a cleared flag is never raised again (docs/product.md §11). Returns the sales that got a new flag.
 *
 * An import raises tens of thousands, and building a Kysely statement of a few hundred rows costs more
 * than running it: on SQLite (`sqlite`, the connection the caller's transaction holds) one prepared
 * single-row INSERT per flag, on PostgreSQL statements that take each column as an array.
 */
export async function insertFlags(
  executor: Kysely<Database>,
  flags: readonly NewFlag[],
  sqlite?: SQLite.Database,
): Promise<string[]> {
  const created = new Date().toISOString();
  const added: string[] = [];
  if (sqlite) {
    const insert = insertStatement(sqlite);
    for (const [index, flag] of flags.entries()) {
      if (index % FLAGS_PER_TURN_CHECK === 0) await takeTurnWhenBusy();
      const { changes } = insert.run(
        flag.saleId,
        flag.code,
        flag.reason,
        flag.setId,
        flag.cardName,
        flag.soldAt,
        created,
      );
      if (changes > 0) added.push(flag.saleId);
    }
    return added;
  }
  for (const part of chunks(flags, POSTGRES_FLAGS_PER_STATEMENT)) {
    await takeTurnWhenBusy();
    const { rows } = await sql<{ sale_id: string }>`
      insert into sale_flags (sale_id, code, reason, status, set_id, card_name, sold_at, created_at)
      select flag.sale_id, flag.code, flag.reason, 'open', flag.set_id, flag.card_name, flag.sold_at, ${created}
      from unnest(
        ${part.map((flag) => flag.saleId)}::text[],
        ${part.map((flag) => flag.code)}::text[],
        ${part.map((flag) => flag.reason)}::text[],
        ${part.map((flag) => flag.setId)}::text[],
        ${part.map((flag) => flag.cardName)}::text[],
        ${part.map((flag) => flag.soldAt)}::timestamptz[]
      ) as flag(sale_id, code, reason, set_id, card_name, sold_at)
      on conflict (sale_id, code) do nothing
      returning sale_id
    `.execute(executor);
    for (const row of rows) added.push(row.sale_id);
  }
  return added;
}

const DECIDED: readonly FlagStatus[] = ['confirmed', 'cleared'];

/** An open flag, written as one not decided for PostgreSQL's planner: see updateReasons. */
const NOT_DECIDED = sql<boolean>`sale_flags.status not in (${sql.join(DECIDED.map((status) => sql.lit(status)))})`;

/**
 * Drops open flags that a recomputation no longer finds; confirmed and cleared ones are decisions and stay.
 * On PostgreSQL in one statement, each flag looked up by its key as in updateReasons.
 */
export async function dropOpenFlags(
  executor: Kysely<Database>,
  dialect: Dialect,
  flags: readonly { saleId: string; code: string }[],
): Promise<void> {
  if (flags.length === 0) return;
  if (dialect === 'postgres') {
    await sql`
      delete from sale_flags
      using unnest(${flags.map((flag) => flag.saleId)}::text[], ${flags.map((flag) => flag.code)}::text[])
        as stale(sale_id, code)
      where sale_flags.sale_id = stale.sale_id and sale_flags.code = stale.code
        and ${NOT_DECIDED}
    `.execute(executor);
    return;
  }
  for (const flag of flags) {
    await executor
      .deleteFrom('sale_flags')
      .where('sale_id', '=', flag.saleId)
      .where('code', '=', flag.code)
      .where('status', '=', 'open')
      .execute();
  }
}

/**
 * Gives open flags the reasons of their judgement now (the flag itself stays as it is), a few hundred to a
 * statement: a back-fill changes the figures of most open outlier flags of the cards it touches.
 *
 * Each flag is looked up by its key. On PostgreSQL an open flag is written as one not decided: given
 * `status = 'open'` (or the status as a value beside the key), the planner uses the status index, which
 * holds nearly every flag of the table, to join or to intersect with the key's look-up, a cost that grows
 * with the table (docs/performance.md); the index cannot answer `not in`. A hundred flags to a statement
 * keeps their look-ups cheaper in the planner's eyes than reading the whole table once it holds tens of
 * thousands of flags (with 300, a table of 30,000 was read whole).
 */
export async function updateReasons(
  executor: Kysely<Database>,
  dialect: Dialect,
  flags: readonly { saleId: string; code: string; reason: string }[],
): Promise<void> {
  if (dialect === 'postgres') {
    for (const part of chunks(flags, 100)) {
      await sql`
        update sale_flags set reason = changed.reason
        from unnest(
          ${part.map((flag) => flag.saleId)}::text[],
          ${part.map((flag) => flag.code)}::text[],
          ${part.map((flag) => flag.reason)}::text[]
        ) as changed(sale_id, code, reason)
        where sale_flags.sale_id = changed.sale_id and sale_flags.code = changed.code and ${NOT_DECIDED}
      `.execute(executor);
    }
    return;
  }
  for (const part of chunks(flags, 300)) {
    const changed = sql.join(part.map((flag) => sql`(${flag.saleId}, ${flag.code}, ${flag.reason})`));
    // A VALUES list names its columns column1, column2, … on SQLite.
    await sql`
      update sale_flags set reason = changed.column3
      from (values ${changed}) as changed
      where sale_flags.sale_id = changed.column1 and sale_flags.code = changed.column2
        and sale_flags.status = 'open'
    `.execute(executor);
  }
}

/**
 * Every sale of the given certificate numbers that more than one sale carries: a certificate sold once
 * repeats nothing, and most of an import's certificates are its own sales' alone, which the statement then
 * does not hand over. PostgreSQL takes them all as one array parameter: an import of 50,000 certificates as
 * a hundred statements of 500 took seconds there, one statement a fraction of it.
 */
export async function salesOfCerts(executor: Kysely<Database>, dialect: Dialect, certs: readonly string[]) {
  const unique = [...new Set(certs)];
  const repeatedAmong = (wanted: Expression<boolean>) =>
    executor
      .selectFrom('sales')
      .select(['id', 'cert_number', 'grading_company', 'sold_at', 'price_cents', 'set_id', 'card_name'])
      .where('cert_number', 'in', (eb) =>
        eb
          .selectFrom('sales as repeated')
          .select('repeated.cert_number')
          .where(wanted)
          .groupBy('repeated.cert_number')
          .having((having) => having.fn.countAll(), '>', 1),
      );
  if (dialect === 'postgres') {
    return repeatedAmong(sql<boolean>`repeated.cert_number = any(${unique}::text[])`).execute();
  }
  const rows = [];
  for (const part of chunks(unique)) {
    rows.push(...(await repeatedAmong(sql<boolean>`repeated.cert_number in (${sql.join(part)})`).execute()));
  }
  return rows;
}

/** Sets `excluded` of the given sales from their flags: excluded while any flag is not cleared. */
export async function refreshExcluded(executor: Kysely<Database>, saleIds: Iterable<string>): Promise<void> {
  for (const part of chunks([...new Set(saleIds)])) {
    await executor
      .updateTable('sales')
      .set({
        excluded: sql<boolean>`exists (select 1 from sale_flags where sale_flags.sale_id = sales.id and sale_flags.status <> 'cleared')`,
      })
      .where('id', 'in', part)
      .execute();
  }
}
