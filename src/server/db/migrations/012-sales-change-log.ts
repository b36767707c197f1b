import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

/**
 * `sales_changes`: every change to `sales` as the rows it added (+1) and removed (-1), with what the
 * analysis keeps of a sale, in the order the changes committed (docs/decisions/025-sales-change-log.md).
 * Instances bring the cards they hold in memory up to date from it instead of reading the cards again.
 * A row without a card (set_id null) says every card changed (a bulk load, a TRUNCATE).
 *
 * The database writes it, in the transaction of the change, so no way of changing sales can forget it:
 * on PostgreSQL once per statement from its transition tables; on SQLite per row (it has no statement
 * triggers), where the bulk load into an empty table drops the triggers and writes one "every card" row.
 *
 * Order: a PostgreSQL sequence hands out numbers as transactions ask, not as they commit, so a reader could
 * see 11 before 10 commits and never look back. Every statement that changes `sales` first takes a
 * transaction-scoped advisory lock of the schema, so a transaction numbers its rows only after every
 * earlier writer committed and holds the lock until it commits: numbers are visible in commit order, and a
 * reader that saw n has seen everything below n. SQLite has one writer at a time anyway.
 */
export function salesChangeLog(dialect: Dialect) {
  const t = columnTypes(dialect);
  const postgres = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sales_changes')
        .addColumn('seq', postgres ? 'bigint' : 'integer', (c) =>
          postgres ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey(),
        )
        .addColumn('set_id', 'text')
        .addColumn('card_name', 'text')
        .addColumn('change', 'integer', (c) => c.notNull())
        .addColumn('price_cents', 'integer')
        .addColumn('sold_ms', postgres ? 'bigint' : 'integer')
        .addColumn('grading_company', 'text')
        .addColumn('grade', 'real')
        .addColumn('excluded', sql.raw(t.boolean))
        .addColumn('logged_at', sql.raw(t.timestamp), (c) =>
          c.notNull().defaultTo(postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
        )
        .execute();
      await db.schema
        .createIndex('sales_changes_card')
        .on('sales_changes')
        .columns(['set_id', 'card_name', 'seq'])
        .execute();
      await db.schema.createIndex('sales_changes_logged').on('sales_changes').column('logged_at').execute();
      for (const statement of postgres ? [...POSTGRES_LOCK, ...POSTGRES_TRIGGERS] : SQLITE_TRIGGERS) {
        await sql.raw(statement).execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (postgres) {
        for (const name of ['lock', 'insert', 'delete', 'update', 'truncate']) {
          await sql.raw(`drop trigger sales_changes_${name} on sales`).execute(db);
        }
        await sql`drop function sales_changes_lock()`.execute(db);
        await sql`drop function sales_changes_follow()`.execute(db);
      } else {
        for (const name of ['insert', 'delete', 'update']) {
          await sql.raw(`drop trigger sales_changes_${name}`).execute(db);
        }
      }
      await db.schema.dropTable('sales_changes').execute();
    },
  };
}

const LOGGED = 'set_id, card_name, change, price_cents, sold_ms, grading_company, grade, excluded';
const PG_SOLD_MS = 'round(extract(epoch from sold_at) * 1000)::bigint';
const PG_DIFFERS = `(old_sale.set_id, old_sale.card_name, old_sale.price_cents, old_sale.sold_at,
  old_sale.grading_company, old_sale.grade, old_sale.excluded) is distinct from (new_sale.set_id,
  new_sale.card_name, new_sale.price_cents, new_sale.sold_at, new_sale.grading_company, new_sale.grade,
  new_sale.excluded)`;

/** The triggers that write this migration's entries (014 replaced them; its `down` brings them back). */
export function salesChangeLogTriggers(dialect: Dialect): readonly string[] {
  return dialect === 'postgres' ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS;
}

const POSTGRES_LOCK = [
  // Before the statement touches a row, so a writer never waits for the lock while holding row locks.
  `create function sales_changes_lock() returns trigger language plpgsql as $$
  begin
    perform pg_advisory_xact_lock(hashtext(current_schema() || '.sales_changes'));
    return null;
  end $$`,
  `create trigger sales_changes_lock before insert or update or delete or truncate on sales
   for each statement execute function sales_changes_lock()`,
];

const POSTGRES_TRIGGERS = [
  `create function sales_changes_follow() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into sales_changes (${LOGGED})
      select set_id, card_name, 1, price_cents, ${PG_SOLD_MS}, grading_company, grade, excluded from new_sales;
    elsif tg_op = 'DELETE' then
      insert into sales_changes (${LOGGED})
      select set_id, card_name, -1, price_cents, ${PG_SOLD_MS}, grading_company, grade, excluded from old_sales;
    elsif tg_op = 'UPDATE' then
      insert into sales_changes (${LOGGED})
      select changed.* from old_sales as old_sale join new_sales as new_sale using (id),
        lateral (
          select old_sale.set_id, old_sale.card_name, -1, old_sale.price_cents,
            round(extract(epoch from old_sale.sold_at) * 1000)::bigint, old_sale.grading_company,
            old_sale.grade, old_sale.excluded
          union all
          select new_sale.set_id, new_sale.card_name, 1, new_sale.price_cents,
            round(extract(epoch from new_sale.sold_at) * 1000)::bigint, new_sale.grading_company,
            new_sale.grade, new_sale.excluded
        ) as changed
      where ${PG_DIFFERS};
    else
      insert into sales_changes (change) values (0);
    end if;
    return null;
  end $$`,
  `create trigger sales_changes_insert after insert on sales
   referencing new table as new_sales for each statement execute function sales_changes_follow()`,
  `create trigger sales_changes_delete after delete on sales
   referencing old table as old_sales for each statement execute function sales_changes_follow()`,
  `create trigger sales_changes_update after update on sales
   referencing old table as old_sales new table as new_sales
   for each statement execute function sales_changes_follow()`,
  `create trigger sales_changes_truncate after truncate on sales
   for each statement execute function sales_changes_follow()`,
];

const SQLITE_SOLD_MS = (row: string) => `cast(round(unixepoch(${row}.sold_at, 'subsec') * 1000) as integer)`;
const SQLITE_VALUES = (row: string, change: number) =>
  `(${row}.set_id, ${row}.card_name, ${change}, ${row}.price_cents, ${SQLITE_SOLD_MS(row)},
    ${row}.grading_company, ${row}.grade, ${row}.excluded)`;

/** When SQLite's update trigger logs: an update of something the log keeps (migration 014 uses it too). */
export const SQLITE_LOGGED_UPDATE = `after update of set_id, card_name, price_cents, sold_at,
     grading_company, grade, excluded on sales
   when old.set_id is not new.set_id or old.card_name is not new.card_name
     or old.price_cents is not new.price_cents or old.sold_at is not new.sold_at
     or old.grading_company is not new.grading_company or old.grade is not new.grade
     or old.excluded is not new.excluded`;

const SQLITE_TRIGGERS = [
  `create trigger sales_changes_insert after insert on sales begin
     insert into sales_changes (${LOGGED}) values ${SQLITE_VALUES('new', 1)};
   end`,
  `create trigger sales_changes_delete after delete on sales begin
     insert into sales_changes (${LOGGED}) values ${SQLITE_VALUES('old', -1)};
   end`,
  `create trigger sales_changes_update ${SQLITE_LOGGED_UPDATE}
   begin
     insert into sales_changes (${LOGGED}) values ${SQLITE_VALUES('old', -1)}, ${SQLITE_VALUES('new', 1)};
   end`,
];
