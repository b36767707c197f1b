import type { Period } from '#shared/sales-constants.ts';
import type { SetId } from '#shared/sets.ts';
import type { ExportedSale } from './analysis.repository.ts';

/** Price is the comparable US dollar price (docs/product.md §11); what the sale was in comes after it. */
export const CSV_HEADER = [
  'Date',
  'Price',
  'Seller',
  'Seller rating',
  'Grader',
  'Grade',
  'Sale type',
  'Title',
  'Listing URL',
  'Cert number',
  'Source',
  'Original price',
  'Currency',
  "Buyer's premium",
  'Shipping',
  'Best Offer accepted',
  'Excluded',
] as const;

const SALE_TYPE_LABELS: Record<string, string> = {
  auction: 'Auction',
  buy_it_now: 'Buy It Now',
  best_offer: 'Best Offer',
};

/** Spreadsheets run a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 field; text that a spreadsheet would run as a formula is defused with a leading apostrophe. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function money(cents: number | string | null): string | null {
  return cents === null ? null : (Number(cents) / 100).toFixed(2);
}

/** The analysis export: a header line and one line per sale, in the order given (newest first). */
export function salesCsv(sales: readonly ExportedSale[]): string {
  const lines = [csvLine([...CSV_HEADER])];
  for (const sale of sales) {
    lines.push(
      csvLine([
        sale.sold_on,
        (sale.price_cents / 100).toFixed(2),
        sale.seller,
        sale.seller_rating,
        sale.grading_company,
        sale.grade,
        sale.sale_type === null ? null : (SALE_TYPE_LABELS[sale.sale_type] ?? sale.sale_type),
        sale.title,
        sale.listing_url,
        sale.cert_number,
        sale.source,
        money(sale.original_price_cents),
        sale.currency,
        money(sale.buyer_premium_cents),
        money(sale.shipping_cents),
        sale.best_offer_accepted === true || sale.best_offer_accepted === 1 ? 'yes' : 'no',
        sale.excluded === true || sale.excluded === 1 ? 'yes' : 'no',
      ]),
    );
  }
  return lines.join('');
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface CsvNameParts {
  cardName: string;
  setId: SetId;
  period: Period;
  grader: string | undefined;
  grade: number | undefined;
}

/** A file name that says what was exported, e.g. `charizard-base_set-all.csv` or `…-30d-psa-10.csv`. */
export function csvFilename(parts: CsvNameParts): string {
  const pieces = [slug(parts.cardName) || 'card', parts.setId, parts.period];
  if (parts.grader) pieces.push(slug(parts.grader));
  if (parts.grade !== undefined) pieces.push(String(parts.grade));
  return `${pieces.join('-')}.csv`;
}
