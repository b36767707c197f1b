import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.ts';

/** Every sale of one grader's certificate, oldest first, off the certificate index. */
export function slabSales(database: DatabaseHandle, grader: string, cert: string) {
  return database.read
    .selectFrom('sales')
    .select([
      'id',
      'sold_at',
      'set_id',
      'card_name',
      'card_number',
      'grade',
      'price_cents',
      'source',
      'seller',
      'listing_url',
      'excluded',
    ])
    .where('cert_number', '=', cert)
    .where('grading_company', '=', grader)
    .orderBy('sold_at')
    .orderBy('id')
    .execute();
}

/** The last sales of a card at one grader and grade, newest first, flagged ones left out. */
export function recentGradeSales(
  database: DatabaseHandle,
  slab: { setId: string; cardName: string; grader: string; grade: number },
  limit: number,
) {
  return database.read
    .selectFrom('sales')
    .select(['id', 'sold_at', 'price_cents', 'source', 'listing_url'])
    .where('set_id', '=', slab.setId)
    .where('card_name', '=', slab.cardName)
    .where('grading_company', '=', slab.grader)
    .where('grade', '=', slab.grade)
    .where('excluded', '=', sql.lit(false))
    .orderBy('sold_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
