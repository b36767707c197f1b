import type { Kysely } from 'kysely';
import type { SetId } from '#shared/sets.ts';
import type { Database } from '../../db/schema.ts';
import { reputationColumns } from '../profiles/public.ts';

type Db = Kysely<Database>;

export interface CardCopiesQuery {
  setId: SetId;
  /** The catalogue search name, as collection items store it. */
  cardName: string;
  limit: number;
  offset: number;
}

/**
 * One page of the copies of a card on Collected lists, with their owners. The page's ids are read from the
 * collection_items_source index alone, already in answer order (offers first, best grade first, ungraded
 * last, oldest listing first), so skipping earlier pages touches neither the table nor users; only the
 * page's rows are then fetched and joined with their owners and their owners' reputation, each by key.
 */
export function collectedCopiesQuery(db: Db, query: CardCopiesQuery) {
  const pageIds = db
    .selectFrom('collection_items')
    .select('id')
    .where('set_id', '=', query.setId)
    .where('card_name', '=', query.cardName)
    .where('list', '=', 'collected')
    .where('parted_at', 'is', null)
    .orderBy('accepting_offers', 'desc')
    .orderBy('grade', (order) => order.desc().nullsLast())
    .orderBy('id', 'asc')
    .limit(query.limit)
    .offset(query.offset);
  return db
    .selectFrom('collection_items as ci')
    .innerJoin('users as u', 'u.id', 'ci.user_id')
    .leftJoin('collector_reputation as reputation', 'reputation.user_id', 'u.id')
    .select([
      'ci.id',
      'ci.user_id',
      'ci.card_id',
      'ci.card_name',
      'ci.card_number',
      'ci.set_id',
      'ci.grade',
      'ci.grading_company',
      'ci.cert_number',
      'ci.variant',
      'ci.accepting_offers',
      'u.username',
      'u.country',
      'u.created_at',
      ...reputationColumns('reputation'),
    ])
    .where('ci.id', 'in', pageIds)
    .orderBy('ci.accepting_offers', 'desc')
    .orderBy('ci.grade', (order) => order.desc().nullsLast())
    .orderBy('ci.id', 'asc');
}

export function findCollectedCopies(db: Db, query: CardCopiesQuery) {
  return collectedCopiesQuery(db, query).execute();
}

export type CollectedCopyRow = Awaited<ReturnType<typeof findCollectedCopies>>[number];

/** Kept by the database as collections change (migration 009), so the total costs one row however many copies. */
export async function countCollectedCopies(db: Db, setId: SetId, cardName: string): Promise<number> {
  const row = await db
    .selectFrom('collected_copies')
    .select('copies')
    .where('set_id', '=', setId)
    .where('card_name', '=', cardName)
    .executeTakeFirst();
  return row?.copies ?? 0;
}
