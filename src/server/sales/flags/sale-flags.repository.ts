import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/connect.ts';
import type { Database, FlagStatus } from '../../db/schema.ts';
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

const ROWS_PER_STATEMENT = 500;

function chunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += size) parts.push(items.slice(start, start + size));
  return parts;
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

/**
 * Stores new flags as open. A sale that has the flag already keeps it as it is: an admin's decision stands,
 * and a cleared flag is never raised again (docs/product.md §11). Returns the sales that got a new flag.
 *
 * An import raises tens of thousands, and building a Kysely statement of a few hundred rows costs more
 * than running it: on SQLite (`sqlite`, the connection the caller's transaction holds) one prepared
 * single-row INSERT per flag, on PostgreSQL one statement that takes each column as an array.
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
    for (const flag of flags) {
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
  if (flags.length === 0) return added;
  const { rows } = await sql<{ sale_id: string }>`
    insert into sale_flags (sale_id, code, reason, status, set_id, card_name, sold_at, created_at)
    select flag.sale_id, flag.code, flag.reason, 'open', flag.set_id, flag.card_name, flag.sold_at, ${created}
    from unnest(
      ${flags.map((flag) => flag.saleId)}::text[],
      ${flags.map((flag) => flag.code)}::text[],
      ${flags.map((flag) => flag.reason)}::text[],
      ${flags.map((flag) => flag.setId)}::text[],
      ${flags.map((flag) => flag.cardName)}::text[],
      ${flags.map((flag) => flag.soldAt)}::timestamptz[]
    ) as flag(sale_id, code, reason, set_id, card_name, sold_at)
    on conflict (sale_id, code) do nothing
    returning sale_id
  `.execute(executor);
  for (const row of rows) added.push(row.sale_id);
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

/** An outlier flag of a sale, whatever its status, with the sale's values that the check judges. */
export interface StoredOutlierFlag {
  sale_id: string;
  code: string;
  reason: string;
  status: FlagStatus;
  sold_at: string;
  price_cents: number;
  grading_company: string | null;
  grade: number | null;
}

/** A card's sales from one instant to another, both included (ISO text, as stored). */
export interface CardTimeRange {
  setId: string;
  cardName: string;
  from: string;
  to: string;
}

/** A row's price and grade as numbers, whichever driver handed them over. */
function numbersOf<T extends { price_cents: number; grade: number | null }>(row: T): T {
  return {
    ...row,
    price_cents: Number(row.price_cents),
    grade: row.grade === null ? null : Number(row.grade),
  };
}

/** Rows of a statement over several look-ups, each row with its look-up's index `at`, as one list per look-up. */
function byLookUp<T extends { at: number }>(count: number, rows: readonly T[]): Omit<T, 'at'>[][] {
  const lists: Omit<T, 'at'>[][] = Array.from({ length: count }, () => []);
  for (const { at, ...row } of rows) lists[Number(at)]!.push(row);
  return lists;
}

/**
 * The outlier flags of each card's sales in its time range, whatever their status, one list per range. The
 * flags of a transaction's new sales are judged for a few hundred cards at once: on PostgreSQL one
 * statement looks them all up (a statement per card cost more in round trips than in work), on SQLite,
 * which has no round trips, a statement per card.
 */
export async function outlierFlagsOfCards(
  executor: Kysely<Database>,
  dialect: Dialect,
  ranges: readonly CardTimeRange[],
): Promise<StoredOutlierFlag[][]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<StoredOutlierFlag & { at: number }>`
      select wanted.at, sale_flags.sale_id, sale_flags.code, sale_flags.reason, sale_flags.status,
        sales.sold_at, sales.price_cents, sales.grading_company, sales.grade
      from unnest(
        ${ranges.map((range) => range.setId)}::text[],
        ${ranges.map((range) => range.cardName)}::text[],
        ${ranges.map((range) => range.from)}::timestamptz[],
        ${ranges.map((range) => range.to)}::timestamptz[],
        ${ranges.map((_, at) => at)}::integer[]
      ) as wanted(set_id, card_name, from_at, to_at, at)
      join sale_flags on sale_flags.set_id = wanted.set_id and sale_flags.card_name = wanted.card_name
        and sale_flags.sold_at >= wanted.from_at and sale_flags.sold_at <= wanted.to_at
      join sales on sales.id = sale_flags.sale_id
      where sale_flags.code in ('outlier-high', 'outlier-low')
    `.execute(executor);
    return byLookUp(ranges.length, rows).map((flags) => flags.map(numbersOf));
  }
  const lists: StoredOutlierFlag[][] = [];
  for (const range of ranges) {
    const rows = await executor
      .selectFrom('sale_flags')
      .innerJoin('sales', 'sales.id', 'sale_flags.sale_id')
      .select([
        'sale_flags.sale_id',
        'sale_flags.code',
        'sale_flags.reason',
        'sale_flags.status',
        'sales.sold_at',
        'sales.price_cents',
        'sales.grading_company',
        'sales.grade',
      ])
      .where('sale_flags.set_id', '=', range.setId)
      .where('sale_flags.card_name', '=', range.cardName)
      .where('sale_flags.sold_at', '>=', range.from)
      .where('sale_flags.sold_at', '<=', range.to)
      .where('sale_flags.code', 'in', ['outlier-high', 'outlier-low'])
      .execute();
    lists.push(rows.map(numbersOf));
  }
  return lists;
}

/** A sale of a card sold at one of the given instants, with what tells equal-valued sales apart from others. */
export interface SaleAt {
  id: string;
  sold_at: string;
  price_cents: number;
  grading_company: string | null;
  grade: number | null;
}

/**
 * Each card's sales sold at its given instants (ISO text, as stored), off the analysis index, one list per
 * look-up; in one statement on PostgreSQL, as outlierFlagsOfCards.
 */
export async function salesAtInstants(
  executor: Kysely<Database>,
  dialect: Dialect,
  lookUps: readonly { setId: string; cardName: string; instants: readonly string[] }[],
): Promise<SaleAt[][]> {
  const wanted = lookUps.flatMap(({ setId, cardName, instants }, at) =>
    [...new Set(instants)].map((instant) => ({ setId, cardName, instant, at })),
  );
  if (dialect === 'postgres') {
    const { rows } = await sql<SaleAt & { at: number }>`
      select wanted.at, sales.id, sales.sold_at, sales.price_cents, sales.grading_company, sales.grade
      from unnest(
        ${wanted.map((sale) => sale.setId)}::text[],
        ${wanted.map((sale) => sale.cardName)}::text[],
        ${wanted.map((sale) => sale.instant)}::timestamptz[],
        ${wanted.map((sale) => sale.at)}::integer[]
      ) as wanted(set_id, card_name, sold_at, at)
      join sales on sales.set_id = wanted.set_id and sales.card_name = wanted.card_name
        and sales.sold_at = wanted.sold_at
    `.execute(executor);
    return byLookUp(lookUps.length, rows).map((sales) => sales.map(numbersOf));
  }
  const lists: SaleAt[][] = [];
  for (const { setId, cardName, instants } of lookUps) {
    const sales: SaleAt[] = [];
    for (const part of chunks([...new Set(instants)])) {
      const rows = await executor
        .selectFrom('sales')
        .select(['id', 'sold_at', 'price_cents', 'grading_company', 'grade'])
        .where('set_id', '=', setId)
        .where('card_name', '=', cardName)
        .where('sold_at', 'in', part)
        .execute();
      sales.push(...rows.map(numbersOf));
    }
    lists.push(sales);
  }
  return lists;
}

/** One cohort's sales of a card at one price in a time range: what same-day duplicates are looked for among. */
export interface CohortAtPrice {
  setId: string;
  cardName: string;
  grader: string | null;
  grade: number | null;
  priceCents: number;
  from: string;
  before: string;
}

/**
 * Each cohort's sales at its price in its range, with seller and sale day (duplicate candidates), one list
 * per look-up; in one statement on PostgreSQL, as outlierFlagsOfCards.
 */
export async function cohortSalesAtPrices(
  executor: Kysely<Database>,
  dialect: Dialect,
  lookUps: readonly CohortAtPrice[],
): Promise<{ id: string; sold_at: string; seller: string; sold_on: string }[][]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ at: number; id: string; sold_at: string; seller: string; sold_on: string }>`
      select wanted.at, sales.id, sales.sold_at, sales.seller, sales.sold_on
      from unnest(
        ${lookUps.map((lookUp) => lookUp.setId)}::text[],
        ${lookUps.map((lookUp) => lookUp.cardName)}::text[],
        ${lookUps.map((lookUp) => lookUp.grader)}::text[],
        ${lookUps.map((lookUp) => lookUp.grade)}::real[],
        ${lookUps.map((lookUp) => lookUp.priceCents)}::integer[],
        ${lookUps.map((lookUp) => lookUp.from)}::timestamptz[],
        ${lookUps.map((lookUp) => lookUp.before)}::timestamptz[],
        ${lookUps.map((_, at) => at)}::integer[]
      ) as wanted(set_id, card_name, grader, grade, price_cents, from_at, before_at, at)
      join sales on sales.set_id = wanted.set_id and sales.card_name = wanted.card_name
        and sales.sold_at >= wanted.from_at and sales.sold_at < wanted.before_at
        and sales.price_cents = wanted.price_cents
        and sales.grading_company is not distinct from wanted.grader
        and sales.grade is not distinct from wanted.grade
    `.execute(executor);
    return byLookUp(lookUps.length, rows);
  }
  const lists = [];
  for (const lookUp of lookUps) {
    lists.push(
      await executor
        .selectFrom('sales')
        .select(['id', 'sold_at', 'seller', 'sold_on'])
        .where('set_id', '=', lookUp.setId)
        .where('card_name', '=', lookUp.cardName)
        .where('sold_at', '>=', lookUp.from)
        .where('sold_at', '<', lookUp.before)
        .where('price_cents', '=', lookUp.priceCents)
        .where((eb) =>
          lookUp.grader === null
            ? eb('grading_company', 'is', null)
            : eb('grading_company', '=', lookUp.grader),
        )
        .where((eb) => (lookUp.grade === null ? eb('grade', 'is', null) : eb('grade', '=', lookUp.grade)))
        .execute(),
    );
  }
  return lists;
}

/**
 * Every sale of the given certificate numbers. PostgreSQL takes them all as one array parameter: an import
 * of 50,000 certificates as a hundred statements of 500 took seconds there, one statement a fraction of it.
 */
export async function salesOfCerts(executor: Kysely<Database>, dialect: Dialect, certs: readonly string[]) {
  const unique = [...new Set(certs)];
  const ofCerts = () =>
    executor
      .selectFrom('sales')
      .select(['id', 'cert_number', 'grading_company', 'sold_at', 'price_cents', 'set_id', 'card_name']);
  if (dialect === 'postgres') {
    return ofCerts().where(sql<boolean>`cert_number = any(${unique}::text[])`).execute();
  }
  const rows = [];
  for (const part of chunks(unique))
    rows.push(...(await ofCerts().where('cert_number', 'in', part).execute()));
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
