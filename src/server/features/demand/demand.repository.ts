import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

export interface WantedRow {
  grading_company: string | null;
  grade: number | null;
  collectors: number;
}

/** Distinct collectors with the card on their Want to Buy list, per grader and grade. */
export async function wantedByGrade(db: Db, setId: string, cardName: string): Promise<WantedRow[]> {
  const rows = await db
    .selectFrom('collection_items')
    .select(['grading_company', 'grade', (eb) => eb.fn.count<number>('user_id').distinct().as('collectors')])
    .where('list', '=', 'wtb')
    .where('set_id', '=', setId)
    .where('card_name', '=', cardName)
    .groupBy(['grading_company', 'grade'])
    .execute();
  return rows.map((row) => ({ ...row, collectors: Number(row.collectors) }));
}

/** Distinct collectors with the card on their Want to Buy list in any grade. */
export async function wantedByAnyone(db: Db, setId: string, cardName: string): Promise<number> {
  const row = await db
    .selectFrom('collection_items')
    .select((eb) => eb.fn.count<number>('user_id').distinct().as('collectors'))
    .where('list', '=', 'wtb')
    .where('set_id', '=', setId)
    .where('card_name', '=', cardName)
    .executeTakeFirst();
  return Number(row?.collectors ?? 0);
}

/** Open offers on collected copies of the card: how many, and the highest in cents. */
export async function openOffersOn(
  db: Db,
  setId: string,
  cardName: string,
): Promise<{ count: number; highest: number | null }> {
  const row = await db
    .selectFrom('offers as o')
    .innerJoin('collection_items as i', 'i.id', 'o.item_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.max<number | null>('o.amount_cents').as('highest'),
    ])
    .where('o.status', '=', 'open')
    .where('i.set_id', '=', setId)
    .where('i.card_name', '=', cardName)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), highest: row?.highest == null ? null : Number(row.highest) };
}
