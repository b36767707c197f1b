import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';

/**
 * Each collector's reputation, kept by the database itself (docs/decisions/056-reputation-kept-by-the-database.md).
 *
 * Source shows the reputation of every collector on its page. Counted per row from offer_ratings and
 * offer_deals, that was four index searches per collector, and PostgreSQL's Source search slowed by a third
 * even with no ratings at all; a collector with hundreds of ratings would cost hundreds of index entries per
 * row. Triggers keep the three figures in the same transaction as the rating or the deal that changes them,
 * whatever writes it, so a page reads one row per collector by key.
 *
 * A rating counts from its insert to its delete. A deal counts for both its parties while it is completed;
 * the parties come from its offer, so a deal removed after its offer (only when an account itself is removed,
 * which the app never does) leaves the counts as they were.
 */
export function collectorReputation(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('collector_reputation')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rating_stars', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('completed_deals', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const statement of dialect === 'postgres' ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) {
        await sql.raw(statement).execute(db);
      }
      await sql`
        insert into collector_reputation (user_id, rating_count, rating_stars, completed_deals)
        select user_id, sum(rating_count), sum(rating_stars), sum(completed_deals) from (
          select ratee_id as user_id, count(*) as rating_count, sum(stars) as rating_stars, 0 as completed_deals
          from offer_ratings group by ratee_id
          union all
          select o.from_user, 0, 0, count(*) from offers o join offer_deals d on d.offer_id = o.id
          where d.status = 'completed' group by o.from_user
          union all
          select o.to_user, 0, 0, count(*) from offers o join offer_deals d on d.offer_id = o.id
          where d.status = 'completed' group by o.to_user
        ) as parts
        group by user_id`.execute(db);
    },
  };
}

/**
 * Adds one completed deal to both parties of the offer named by `offerId` (an SQL expression). `where true`
 * is SQLite's way to tell an upsert's ON CONFLICT from a join's ON; the parties in order of id make two deals
 * between the same collectors take their rows' locks in the same order on PostgreSQL, so neither waits on the
 * other for ever.
 */
const addDeal = (offerId: string) => `
  insert into collector_reputation (user_id, completed_deals)
  select party, 1 from (
    select from_user as party from offers where id = ${offerId}
    union all
    select to_user from offers where id = ${offerId}
  ) as parties
  where true
  order by party
  on conflict (user_id) do update set completed_deals = collector_reputation.completed_deals + 1`;

/** Takes one completed deal away from both parties of the offer named by `offerId`. */
const removeDeal = (offerId: string) => `
  update collector_reputation set completed_deals = completed_deals - 1
  where user_id in (select from_user from offers where id = ${offerId}
                    union all
                    select to_user from offers where id = ${offerId})`;

const addRating = (rating: string) => `
  insert into collector_reputation (user_id, rating_count, rating_stars) values (${rating}.ratee_id, 1, ${rating}.stars)
  on conflict (user_id) do update set rating_count = collector_reputation.rating_count + 1,
    rating_stars = collector_reputation.rating_stars + excluded.rating_stars`;

const removeRating = (rating: string) => `
  update collector_reputation set rating_count = rating_count - 1, rating_stars = rating_stars - ${rating}.stars
  where user_id = ${rating}.ratee_id`;

// Ratings and deals are written one at a time, so row triggers on both databases.
const POSTGRES_TRIGGERS = [
  `create function collector_reputation_follow_ratings() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then ${addRating('new')};
    else ${removeRating('old')};
    end if;
    return null;
  end $$`,
  `create trigger collector_reputation_ratings after insert or delete on offer_ratings
   for each row execute function collector_reputation_follow_ratings()`,
  `create function collector_reputation_follow_deals() returns trigger language plpgsql as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') then
      if old.status = 'completed' then ${removeDeal('old.offer_id')};
      end if;
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      if new.status = 'completed' then ${addDeal('new.offer_id')};
      end if;
    end if;
    return null;
  end $$`,
  `create trigger collector_reputation_deals after insert or delete or update of status on offer_deals
   for each row execute function collector_reputation_follow_deals()`,
];

const SQLITE_TRIGGERS = [
  `create trigger collector_reputation_rating_insert after insert on offer_ratings
   begin ${addRating('new')}; end`,
  `create trigger collector_reputation_rating_delete after delete on offer_ratings
   begin ${removeRating('old')}; end`,
  `create trigger collector_reputation_deal_insert after insert on offer_deals when new.status = 'completed'
   begin ${addDeal('new.offer_id')}; end`,
  `create trigger collector_reputation_deal_delete after delete on offer_deals when old.status = 'completed'
   begin ${removeDeal('old.offer_id')}; end`,
  `create trigger collector_reputation_deal_completed after update of status on offer_deals
   when new.status = 'completed' and old.status <> 'completed'
   begin ${addDeal('new.offer_id')}; end`,
  `create trigger collector_reputation_deal_reopened after update of status on offer_deals
   when old.status = 'completed' and new.status <> 'completed'
   begin ${removeDeal('old.offer_id')}; end`,
];
