import { SALE_SOURCES, type SaleGrader } from '#shared/sales-constants.ts';
import { centsToDollars } from '#shared/sales-stats.ts';
import type { SlabHistory, SlabSale } from '#shared/schemas/slabs.ts';
import type { SetId } from '#shared/sets.ts';
import type { AppContext } from '../../context.ts';
import { toBoolean } from '../../db/schema.ts';
import { slabSales } from './slabs.repository.ts';

function isSource(value: string | null): value is NonNullable<SlabSale['source']> {
  return value !== null && (SALE_SOURCES as readonly string[]).includes(value);
}

/** One slab's sales, oldest first, each with its change since the one before (docs/product.md §11). */
export async function slabHistory(
  context: Pick<AppContext, 'database'>,
  grader: SaleGrader,
  cert: string,
): Promise<SlabHistory> {
  const rows = await slabSales(context.database, grader, cert);
  let previous: number | undefined;
  const sales = rows.map((row): SlabSale => {
    const cents = Number(row.price_cents);
    const change =
      previous === undefined
        ? null
        : {
            amount: centsToDollars(cents - previous),
            percent: Math.round(((cents - previous) / previous) * 10_000) / 100,
          };
    previous = cents;
    return {
      saleId: row.id,
      date: row.sold_at,
      setId: row.set_id as SetId,
      cardName: row.card_name,
      cardNumber: row.card_number,
      grade: row.grade === null ? null : Number(row.grade),
      price: centsToDollars(cents),
      source: isSource(row.source) ? row.source : null,
      seller: row.seller,
      listingUrl: row.listing_url,
      excluded: toBoolean(row.excluded),
      change,
    };
  });
  return { grader, certNumber: cert, sales };
}
