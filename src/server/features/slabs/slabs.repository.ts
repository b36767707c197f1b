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
