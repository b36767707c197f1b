import type { NewSale } from '../db/schema.ts';
import type { Flag } from './flags/flag-rules.ts';

/**
 * The sale as the pipeline carries it, and the one list of its columns. The table's type is SalesColumns in
 * db/schema.ts; SALE_COLUMNS names every one of them (the check below fails to compile otherwise), and the
 * writer, the reader thread's codec and the analysis queries take their columns from here.
 */

/** Where a sale came from and what was paid (docs/product.md §11): stored, listed and exported alike. */
export const PROVENANCE_COLUMNS = [
  'title',
  'listing_url',
  'cert_number',
  'source',
  'currency',
  'original_price_cents',
  'shipping_cents',
  'buyer_premium_cents',
  'best_offer_accepted',
] as const satisfies readonly (keyof NewSale)[];

/** Every column of `sales`, in the order the writer binds them: id first, created_at last. */
export const SALE_COLUMNS = [
  'id',
  'card_id',
  'set_id',
  'card_name',
  'card_number',
  'card_rarity',
  'price_cents',
  'sold_on',
  'sold_at',
  'seller',
  'seller_rating',
  'image',
  'grading_company',
  'grade',
  'sale_type',
  'source_ref',
  ...PROVENANCE_COLUMNS,
  'excluded',
  'created_at',
] as const satisfies readonly (keyof NewSale)[];

/** A column of the table that SALE_COLUMNS leaves out; the assignment below compiles only while there is none. */
type UnlistedColumn = Exclude<keyof NewSale, (typeof SALE_COLUMNS)[number]>;
const everyColumnListed: [UnlistedColumn] extends [never] ? true : UnlistedColumn = true;
void everyColumnListed;

/**
 * A sale ready to store: every column except the ones the writer fills in (id, created_at), and the flags of
 * its own record when they were judged already (saleRecordFlags; an import judges them on its file-reading
 * thread), so storing it does not judge them again.
 */
export type SaleRecord = Omit<NewSale, 'id' | 'created_at'> & { ownFlags?: readonly Flag[] };

/** A column a SaleRecord brings. */
export type RecordColumn = Exclude<(typeof SALE_COLUMNS)[number], 'id' | 'created_at'>;

/** A sale a write stored, with the id it got: what the flags of new sales are computed from. */
export interface StoredSale {
  id: string;
  record: SaleRecord;
}

/**
 * What one write stored: its sales, and the change log's entries of them when the writer knows them (it
 * logged them itself, or counted them), which run from `first` to `last` with no other entry among them.
 */
export interface StoredSales {
  sales: StoredSale[];
  log?: { first: number; last: number };
}
