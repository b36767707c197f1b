import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import { rowsByLookUp } from '../../db/batched-statements.ts';
import type { DatabaseHandle, Dialect } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { type CardSales, cardSalesFromRows } from './card-sales.ts';
import type { SaleChange } from './card-sales-changes.ts';

/** SQLite hands JSON aggregates over as text, PostgreSQL as parsed values, and null for no rows. */
function jsonColumn<T>(value: unknown): T[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}

/**
 * sold_at in milliseconds since the epoch, computed by the database: parsing in JavaScript costs more. On
 * PostgreSQL through date_part, which answers a double: `extract` answers a numeric, and its arithmetic was
 * about a fifth of the time of reading Charizard's 53,000 sales. Sales are stored to the millisecond, so
 * the rounded double is exact.
 */
function epochMs(database: DatabaseHandle): RawBuilder<number> {
  return database.dialect === 'postgres'
    ? sql<number>`round(date_part('epoch', sold_at) * 1000)`
    : sql<number>`cast(round(unixepoch(sold_at, 'subsec') * 1000) as integer)`;
}

/** A card's columns and the last change-log entry they include. */
export interface CardSalesAt {
  sales: CardSales;
  seq: number;
}

/**
 * Every sale of the card, newest first, in one scan of the sales_card_analysis index, and the newest entry
 * of the change log, read by the same statement so both are of one moment (decision 025). The rows come back
 * as JSON arrays, one per column, rather than tens of thousands of row objects: building those objects costs the
 * driver more than the scan itself. Both databases aggregate the rows of an ordered subquery in its order
 * (the analysis tests check it). `db` is the handle to read through: the read handle for answers, the
 * writer's transaction for the flags of the sales it stores.
 */
export async function cardSales(
  database: DatabaseHandle,
  db: Kysely<Database>,
  setId: string,
  cardName: string,
): Promise<CardSalesAt> {
  const arrayAggregate = database.dialect === 'postgres' ? 'json_agg' : 'json_group_array';
  const card = db
    .selectFrom('sales')
    .select(['price_cents', epochMs(database).as('sold_ms'), 'grading_company', 'grade', 'excluded'])
    .where('set_id', '=', setId)
    .where('card_name', '=', cardName)
    .orderBy('sold_at', 'desc')
    .orderBy('id', 'desc')
    .as('card');
  const aggregate = (column: 'price_cents' | 'sold_ms' | 'grading_company' | 'grade' | 'excluded') =>
    sql<unknown>`${sql.raw(arrayAggregate)}(${sql.ref(`card.${column}`)})`;
  const row = await db
    .selectFrom(card)
    .select([
      aggregate('price_cents').as('prices'),
      aggregate('sold_ms').as('sold_ms'),
      aggregate('grading_company').as('graders'),
      aggregate('grade').as('grades'),
      aggregate('excluded').as('excluded'),
      sql<number>`(select coalesce(max(seq), 0) from sales_changes)`.as('seq'),
    ])
    .executeTakeFirst();
  const sales = cardSalesFromRows({
    prices: jsonColumn<number>(row?.prices),
    soldAt: jsonColumn<number>(row?.sold_ms),
    graders: jsonColumn<string | null>(row?.graders),
    grades: jsonColumn<number | null>(row?.grades),
    excluded: jsonColumn<boolean | number>(row?.excluded),
  });
  return { sales, seq: Number(row?.seq ?? 0) };
}

/** Entries of the change log after `seq`: the card's changes, or undefined when every card changed. */
export interface CardChanges {
  changes: SaleChange[];
  /** The last entry read; `seq` when there were none. */
  seq: number;
  /** More than `limit` entries, or an entry for every card: read the card whole instead. */
  tooMany: boolean;
}

/** A look at the change log for one card: its entries after `seq` and before `before`, at most `limit`. */
export interface ChangesLookUp {
  setId: string;
  cardName: string;
  seq: number;
  limit: number;
  before: number;
}

const CHANGE_COLUMNS = ['seq', 'change', 'sales'] as const;

/** An entry of the log as read. */
type ChangeRow = Pick<Selectable<Database['sales_changes']>, (typeof CHANGE_COLUMNS)[number]>;

/** A sale in an entry's `sales` (migration 014). */
type LoggedSale = [
  price: number,
  soldMs: number,
  grader: string | null,
  grade: number | null,
  excluded: number,
];

/**
 * One card's entries (its own and any for every card, oldest first) as what they change. An entry holds
 * the sales of one statement, so more changes than `limit` may come in fewer entries than that.
 */
function cardChangesOf(lookUp: ChangesLookUp, rows: readonly ChangeRow[]): CardChanges {
  const seq = rows.length > 0 ? Number(rows[rows.length - 1]!.seq) : lookUp.seq;
  if (rows.some((row) => row.change === 0)) return { changes: [], seq, tooMany: true };
  const changes: SaleChange[] = [];
  for (const row of rows) {
    const change = row.change > 0 ? 1 : -1;
    for (const [price, soldAt, grader, grade, excluded] of JSON.parse(row.sales ?? '[]') as LoggedSale[]) {
      changes.push({ change, price, soldAt, grader, grade, excluded: excluded ? 1 : 0 });
    }
    if (changes.length > lookUp.limit) return { changes: [], seq, tooMany: true };
  }
  return { changes, seq, tooMany: false };
}

/**
 * Each card's entries of the change log after its `seq` and before its `before`, oldest first, and any entry
 * saying every card changed, from the sales_changes_card index; one answer per look-up. Read through the
 * same handle as the card (the replica when there is one, which has the log and the sales of the same
 * moment; the writer's transaction for new sales' flags). A writer flags the new sales of a few hundred
 * cards at once: on PostgreSQL one statement looks at all their entries (a statement per card cost more in
 * round trips than in work), on SQLite a statement per card.
 */
export async function cardsChangesSince(
  db: Kysely<Database>,
  dialect: Dialect,
  lookUps: readonly ChangesLookUp[],
): Promise<CardChanges[]> {
  if (lookUps.length === 0) return [];
  if (dialect === 'postgres') {
    // `at`: the index of the look-up an entry answers.
    const { rows } = await sql<ChangeRow & { at: number }>`
      with wanted as (
        select * from unnest(
          ${lookUps.map((lookUp) => lookUp.setId)}::text[],
          ${lookUps.map((lookUp) => lookUp.cardName)}::text[],
          ${lookUps.map((lookUp) => lookUp.seq)}::bigint[],
          ${lookUps.map((lookUp) => lookUp.before)}::bigint[],
          ${lookUps.map((lookUp) => lookUp.limit + 1)}::integer[],
          ${lookUps.map((_, at) => at)}::integer[]
        ) as wanted(set_id, card_name, after_seq, before_seq, row_limit, at)
      )
      select wanted.at, card.* from wanted cross join lateral (
        select ${sql.join(CHANGE_COLUMNS.map((column) => sql.ref(column)))} from sales_changes
        where sales_changes.set_id = wanted.set_id and sales_changes.card_name = wanted.card_name
          and sales_changes.seq > wanted.after_seq and sales_changes.seq < wanted.before_seq
        order by sales_changes.seq
        limit wanted.row_limit
      ) as card
      union all
      select wanted.at, ${sql.join(CHANGE_COLUMNS.map((column) => sql.ref(`every.${column}`)))}
      from wanted join sales_changes as every on every.set_id is null
        and every.seq > wanted.after_seq and every.seq < wanted.before_seq
      order by at, seq
    `.execute(db);
    const byLookUp = rowsByLookUp(lookUps.length, rows);
    return lookUps.map((lookUp, at) => cardChangesOf(lookUp, byLookUp[at]!));
  }
  const answers: CardChanges[] = [];
  for (const lookUp of lookUps) {
    const since = (query: typeof db) =>
      query
        .selectFrom('sales_changes')
        .select(CHANGE_COLUMNS)
        .where('seq', '>', lookUp.seq)
        .where('seq', '<', lookUp.before);
    const rows = await since(db)
      .where('set_id', '=', lookUp.setId)
      .where('card_name', '=', lookUp.cardName)
      .unionAll(since(db).where('set_id', 'is', null))
      .orderBy('seq')
      .limit(lookUp.limit + 1)
      .execute();
    answers.push(cardChangesOf(lookUp, rows));
  }
  return answers;
}
