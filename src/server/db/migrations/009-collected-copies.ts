import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';

/**
 * How many copies of each card sit on Collected lists, kept by the database itself (docs/performance.md,
 * "Source on PostgreSQL"). Source shows that total with every page; counting it
 * from collection_items_source read one index entry per copy, and on PostgreSQL also the table row of
 * each copy whose page the visibility map did not yet mark all-visible (21,315 of them for the most-held
 * card of the benchmark: 19 ms). Triggers keep the count in the same transaction as the change, whatever
 * makes it: an add, a removal, a move between lists, or a collector's cards going with their account.
 *
 * PostgreSQL's triggers run once per statement over its transition tables, so a bulk insert of demo
 * collectors updates each card's count once per statement, in card order (two statements that touch the
 * same cards take their row locks in the same order, so they cannot deadlock). SQLite has row triggers
 * only, and a single writer.
 */
export function collectedCopies(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('collected_copies')
        .addColumn('set_id', 'text', (c) => c.notNull())
        .addColumn('card_name', 'text', (c) => c.notNull())
        .addColumn('copies', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('collected_copies_pkey', ['set_id', 'card_name'])
        .execute();
      for (const statement of dialect === 'postgres' ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) {
        await sql.raw(statement).execute(db);
      }
      await sql`
        insert into collected_copies (set_id, card_name, copies)
        select set_id, card_name, count(*) from collection_items where list = 'collected'
        group by set_id, card_name`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      const onTable = dialect === 'postgres' ? ' on collection_items' : '';
      for (const name of ['insert', 'delete', 'update']) {
        await sql.raw(`drop trigger collected_copies_${name}${onTable}`).execute(db);
      }
      if (dialect === 'postgres') await sql`drop function collected_copies_follow()`.execute(db);
      await db.schema.dropTable('collected_copies').execute();
    },
  };
}

const POSTGRES_TRIGGERS = [
  `create function collected_copies_follow() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into collected_copies (set_id, card_name, copies)
      select set_id, card_name, count(*) from new_items where list = 'collected'
      group by set_id, card_name order by set_id, card_name
      on conflict (set_id, card_name) do update set copies = collected_copies.copies + excluded.copies;
    elsif tg_op = 'DELETE' then
      insert into collected_copies (set_id, card_name, copies)
      select set_id, card_name, -count(*) from old_items where list = 'collected'
      group by set_id, card_name order by set_id, card_name
      on conflict (set_id, card_name) do update set copies = collected_copies.copies + excluded.copies;
    else
      insert into collected_copies (set_id, card_name, copies)
      select set_id, card_name, sum(change) from (
        select set_id, card_name, 1 as change from new_items where list = 'collected'
        union all
        select set_id, card_name, -1 from old_items where list = 'collected'
      ) as changes
      group by set_id, card_name having sum(change) <> 0 order by set_id, card_name
      on conflict (set_id, card_name) do update set copies = collected_copies.copies + excluded.copies;
    end if;
    return null;
  end $$`,
  `create trigger collected_copies_insert after insert on collection_items
   referencing new table as new_items for each statement execute function collected_copies_follow()`,
  `create trigger collected_copies_delete after delete on collection_items
   referencing old table as old_items for each statement execute function collected_copies_follow()`,
  `create trigger collected_copies_update after update on collection_items
   referencing old table as old_items new table as new_items
   for each statement execute function collected_copies_follow()`,
];

const SQLITE_TRIGGERS = [
  `create trigger collected_copies_insert after insert on collection_items when new.list = 'collected'
   begin
     insert into collected_copies (set_id, card_name, copies) values (new.set_id, new.card_name, 1)
     on conflict (set_id, card_name) do update set copies = copies + 1;
   end`,
  `create trigger collected_copies_delete after delete on collection_items when old.list = 'collected'
   begin
     update collected_copies set copies = copies - 1 where set_id = old.set_id and card_name = old.card_name;
   end`,
  `create trigger collected_copies_update after update of list, set_id, card_name on collection_items
   begin
     update collected_copies set copies = copies - 1
     where old.list = 'collected' and set_id = old.set_id and card_name = old.card_name;
     insert into collected_copies (set_id, card_name, copies)
     select new.set_id, new.card_name, 1 where new.list = 'collected'
     on conflict (set_id, card_name) do update set copies = copies + 1;
   end`,
];
