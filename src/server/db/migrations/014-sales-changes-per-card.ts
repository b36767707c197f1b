import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { sqliteSale } from '../shared-sql.ts';
import { SQLITE_LOGGED_UPDATE, salesChangeLogTriggers } from './012-sales-change-log.ts';

/**
 * One change-log entry per card and statement instead of one per sale (docs/decisions/025-sales-change-log.md,
 * addendum): `sales` holds the sales the entry adds (change 1) or removes (-1) as a JSON array of
 * [price_cents, sold_ms, grading_company, grade, excluded] arrays. An import batch of 10,000 sales of a few
 * hundred cards writes a few hundred entries rather than 10,000, each with its row and three index entries.
 *
 * The entries logged so far give way to one entry for every card, so an instance that holds a card reads
 * it whole once; that entry is written before the others go, so SQLite, which numbers the next entry from
 * the largest left, keeps counting up.
 */
export function salesChangesPerCard(dialect: Dialect) {
  const postgres = dialect === 'postgres';
  const valueColumns = ['price_cents', 'sold_ms', 'grading_company', 'grade', 'excluded'];
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // PostgreSQL's statement triggers stay and call the function replaced below; SQLite's row triggers
      // name the columns, so they go first and come back for the new column.
      if (!postgres) await dropTriggers(db, dialect);
      await replaceEntriesByEveryCard(db);
      for (const column of valueColumns) {
        await sql`alter table sales_changes drop column ${sql.id(column)}`.execute(db);
      }
      await sql`alter table sales_changes add column sales text`.execute(db);
      for (const statement of postgres ? [POSTGRES_FOLLOW] : SQLITE_TRIGGERS) {
        await sql.raw(statement).execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await dropTriggers(db, dialect);
      await replaceEntriesByEveryCard(db);
      await sql`alter table sales_changes drop column sales`.execute(db);
      const types = postgres
        ? ['integer', 'bigint', 'text', 'real', 'boolean']
        : ['integer', 'integer', 'text', 'real', 'integer'];
      for (const [at, column] of valueColumns.entries()) {
        await sql`alter table sales_changes add column ${sql.id(column)} ${sql.raw(types[at]!)}`.execute(db);
      }
      for (const statement of salesChangeLogTriggers(dialect)) await sql.raw(statement).execute(db);
    },
  };
}

/** One entry for every card in place of the log's entries, if it has any. */
async function replaceEntriesByEveryCard(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ seq: number | null }>`select max(seq) as seq from sales_changes`.execute(db);
  if (rows[0]?.seq == null) return;
  const every = await sql<{
    seq: number;
  }>`insert into sales_changes (change) values (0) returning seq`.execute(db);
  await sql`delete from sales_changes where seq < ${every.rows[0]!.seq}`.execute(db);
}

/** The triggers that write entries (PostgreSQL's lock trigger stays: it does not name a column). */
async function dropTriggers(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const name of ['insert', 'delete', 'update', ...(dialect === 'postgres' ? ['truncate'] : [])]) {
    await sql
      .raw(`drop trigger sales_changes_${name}${dialect === 'postgres' ? ' on sales' : ''}`)
      .execute(db);
  }
  if (dialect === 'postgres') await sql`drop function sales_changes_follow()`.execute(db);
}

/** A sale in an entry's `sales`, from a row of `sales` on PostgreSQL. */
const postgresSale = (row: string) => `concat('[', ${row}.price_cents, ',',
  round(extract(epoch from ${row}.sold_at) * 1000)::bigint, ',',
  coalesce(to_json(${row}.grading_company)::text, 'null'), ',', coalesce(${row}.grade::text, 'null'), ',',
  ${row}.excluded::int, ']')`;

/** One entry per card of `rows` with all its sales, each adding or removing them (`change`). */
const postgresEntries = (rows: string, change: number) => `
  insert into sales_changes (set_id, card_name, change, sales)
  select sale.set_id, sale.card_name, ${change}, '[' || string_agg(${postgresSale('sale')}, ',') || ']'
  from ${rows} as sale group by sale.set_id, sale.card_name`;

/** The rows of an UPDATE that changed something the log keeps, as they were (`old_sale`) or are (`new_sale`). */
const postgresUpdated = (side: 'old_sale' | 'new_sale') => `(
  select ${side}.* from old_sales as old_sale join new_sales as new_sale using (id)
  where (old_sale.set_id, old_sale.card_name, old_sale.price_cents, old_sale.sold_at,
    old_sale.grading_company, old_sale.grade, old_sale.excluded) is distinct from (new_sale.set_id,
    new_sale.card_name, new_sale.price_cents, new_sale.sold_at, new_sale.grading_company, new_sale.grade,
    new_sale.excluded))`;

/**
 * What the statement triggers of migration 012 call, now writing an entry per card. An UPDATE logs what it
 * removed before what it added, so a reader applying them in order holds each changed sale once.
 */
const POSTGRES_FOLLOW = `create or replace function sales_changes_follow() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      ${postgresEntries('new_sales', 1)};
    elsif tg_op = 'DELETE' then
      ${postgresEntries('old_sales', -1)};
    elsif tg_op = 'UPDATE' then
      ${postgresEntries(postgresUpdated('old_sale'), -1)};
      ${postgresEntries(postgresUpdated('new_sale'), 1)};
    else
      insert into sales_changes (change) values (0);
    end if;
    return null;
  end $$`;

/** SQLite has row triggers only: an entry per sale, which an import's writer groups itself (sales-write.repository.ts). */
const sqliteEntry = (row: 'old' | 'new', change: number) =>
  `insert into sales_changes (set_id, card_name, change, sales)
   values (${row}.set_id, ${row}.card_name, ${change}, json_array(${sqliteSale(row)}))`;

const SQLITE_TRIGGERS = [
  `create trigger sales_changes_insert after insert on sales begin ${sqliteEntry('new', 1)}; end`,
  `create trigger sales_changes_delete after delete on sales begin ${sqliteEntry('old', -1)}; end`,
  `create trigger sales_changes_update ${SQLITE_LOGGED_UPDATE}
   begin ${sqliteEntry('old', -1)}; ${sqliteEntry('new', 1)}; end`,
];
