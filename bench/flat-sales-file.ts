import { once } from 'node:events';
import fs from 'node:fs';
import { generateDemoSales } from '#server/features/demo-data/generate-demo-sales.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function soldText(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `Sold ${MONTHS[month - 1]} ${date}, ${year}`;
}

/**
 * Writes `count` sales as the specification's flat_sales records, one JSON object per line; with
 * `provenance`, each also carries its title, source, certificate, Best Offer, premium, shipping and, for
 * sales abroad, its price in the local currency (docs/product.md §11).
 */
export async function writeFlatSalesFile(
  file: string,
  count: number,
  seed: number,
  today: string,
  provenance = false,
): Promise<void> {
  const out = fs.createWriteStream(file);
  let index = 0;
  for (const sale of generateDemoSales({ seed, count, today })) {
    const extra = provenance
      ? {
          price: Number(sale.original_price_cents) / 100,
          currency: sale.currency,
          buyer_premium:
            sale.buyer_premium_cents === null ? undefined : Number(sale.buyer_premium_cents) / 100,
          shipping: sale.shipping_cents === null ? undefined : Number(sale.shipping_cents) / 100,
          title: sale.title,
          source: sale.source,
          cert_number: sale.cert_number ?? undefined,
          best_offer_accepted: sale.best_offer_accepted,
        }
      : {};
    const line = `${JSON.stringify({
      id: `bench-${seed}-${index++}`,
      card_name: sale.card_name,
      set_id: sale.set_id,
      price: sale.price_cents / 100,
      sale_date: soldText(sale.sold_on),
      seller: sale.seller,
      timestamp: Date.parse(sale.sold_at),
      card_number: sale.card_number,
      card_rarity: sale.card_rarity,
      card_id: sale.card_id,
      grading_company: sale.grading_company,
      grade: sale.grade,
      sale_type: sale.sale_type,
      seller_rating: sale.seller_rating,
      ...extra,
    })}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
