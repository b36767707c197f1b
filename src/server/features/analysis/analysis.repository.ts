import type { SelectQueryBuilder } from 'kysely';
import type { SetId } from '#shared/sets.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { PROVENANCE_COLUMNS } from '../../sales/sale-record.ts';

/** The sales of one card in a period: set, the card's search name, and the earliest instant (or all). */
export interface SalesScope {
  setId: SetId;
  cardName: string;
  since: string | undefined;
}

/** Optional grading filter; either part alone narrows by that part only. */
export interface GradeFilter {
  grader: string | undefined;
  grade: number | undefined;
}

export interface ListedSale {
  id: string;
  sold_at: string;
  price_cents: number;
  seller: string;
  seller_rating: number | null;
  image: string | null;
  grading_company: string | null;
  grade: number | null;
  sale_type: string | null;
  title: string | null;
  listing_url: string | null;
  cert_number: string | null;
  source: string | null;
  currency: string;
  original_price_cents: number | string | null;
  shipping_cents: number | string | null;
  buyer_premium_cents: number | string | null;
  best_offer_accepted: boolean | number;
  excluded: boolean | number;
}

export type ExportedSale = Omit<ListedSale, 'id' | 'image' | 'sold_at'> & { sold_on: string };

/** A sale's provenance and whether a flag leaves it out, listed and exported alike. */
const PROVENANCE_AND_EXCLUSION = [...PROVENANCE_COLUMNS, 'excluded'] as const;

type SalesQuery<O> = SelectQueryBuilder<Database, 'sales', O>;

function inScope<O>(query: SalesQuery<O>, scope: SalesScope, filter?: GradeFilter): SalesQuery<O> {
  let scoped = query.where('set_id', '=', scope.setId).where('card_name', '=', scope.cardName);
  if (scope.since) scoped = scoped.where('sold_at', '>=', scope.since);
  if (filter?.grader) scoped = scoped.where('grading_company', '=', filter.grader);
  if (filter?.grade !== undefined) scoped = scoped.where('grade', '=', filter.grade);
  // sold_at then id: a total order, so pages never overlap and "newest" is the same sale everywhere.
  return scoped.orderBy('sold_at', 'desc').orderBy('id', 'desc');
}

/** One page of the filtered sales, newest first. */
export function salesPage(
  database: DatabaseHandle,
  scope: SalesScope,
  filter: GradeFilter,
  limit: number,
  offset: number,
): Promise<ListedSale[]> {
  return inScope(
    database.read
      .selectFrom('sales')
      .select([
        'id',
        'sold_at',
        'price_cents',
        'seller',
        'seller_rating',
        'image',
        'grading_company',
        'grade',
        'sale_type',
        ...PROVENANCE_AND_EXCLUSION,
      ]),
    scope,
    filter,
  )
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Every filtered sale of the period, newest first, with the columns of the CSV export. */
export function exportSales(
  database: DatabaseHandle,
  scope: SalesScope,
  filter: GradeFilter,
): Promise<ExportedSale[]> {
  return inScope(
    database.read
      .selectFrom('sales')
      .select([
        'sold_on',
        'price_cents',
        'seller',
        'seller_rating',
        'grading_company',
        'grade',
        'sale_type',
        ...PROVENANCE_AND_EXCLUSION,
      ]),
    scope,
    filter,
  ).execute();
}

export interface ListedFlag {
  sale_id: string;
  code: string;
  reason: string;
  status: 'open' | 'confirmed';
}

/** The flags of the given sales that an admin has not cleared, oldest code first. */
export async function flagsOfSales(
  database: DatabaseHandle,
  saleIds: readonly string[],
): Promise<ListedFlag[]> {
  if (saleIds.length === 0) return [];
  const rows = await database.read
    .selectFrom('sale_flags')
    .select(['sale_id', 'code', 'reason', 'status'])
    .where('sale_id', 'in', saleIds)
    .where('status', '<>', 'cleared')
    .orderBy('sale_id')
    .orderBy('code')
    .execute();
  return rows as ListedFlag[];
}
