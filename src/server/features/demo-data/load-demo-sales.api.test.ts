import { describe, expect, it } from 'vitest';
import { salesIndexNames } from '../../../../tests/helpers/sales-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { loadDemoSales } from './load-demo-sales.ts';

describe('loading demo sales', () => {
  const t = useTestApp();
  const today = '2026-11-21';

  async function salesCount(): Promise<number> {
    const row = await t.app.context.database.db
      .selectFrom('sales')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  it('fills an empty table, keeps every index, and adds only the new sales of a bigger run', async () => {
    const indexesBefore = await salesIndexNames(t.app.context.database);
    const progress: number[] = [];
    const first = await loadDemoSales(t.app.context, { seed: 5, count: 1200, today }, (done) =>
      progress.push(done),
    );
    expect(first).toEqual({ generated: 1200, inserted: 1200, duplicates: 0 });
    expect(progress.at(-1)).toBe(1200);
    expect(await salesIndexNames(t.app.context.database)).toEqual(indexesBefore);
    expect(indexesBefore).toEqual(expect.arrayContaining(['sales_card_analysis', 'sales_day_apart']));

    const second = await loadDemoSales(t.app.context, { seed: 5, count: 1500, today });
    expect(second).toEqual({ generated: 1500, inserted: 300, duplicates: 1200 });
    expect(await salesCount()).toBe(1500);

    const stored = await t.app.context.database.db
      .selectFrom('sales')
      .selectAll()
      .where('source_ref', '=', 'demo-5-0')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ sold_on: today, image: null });
    expect(stored.price_cents).toBeGreaterThan(0);
  });

  it('gives a new user flagged sales with their reasons on a first search, and foreign sales with their rates', async () => {
    await loadDemoSales(t.app.context, { seed: 9, count: 30_000, today });
    const db = t.app.context.database.db;
    const codes = await db
      .selectFrom('sale_flags')
      .select(['code', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('code')
      .execute();
    expect(new Set(codes.map((row) => row.code))).toEqual(
      new Set([
        'outlier-high',
        'outlier-low',
        'probable-duplicate',
        'title-mismatch',
        'best-offer-unrevealed',
      ]),
    );
    const foreign = await db
      .selectFrom('sales')
      .select(['price_cents', 'original_price_cents', 'currency', 'sold_on'])
      .where('currency', '<>', 'USD')
      .execute();
    expect(foreign.length).toBeGreaterThan(100);
    // Each is the dollar price the importer would store for it, at the stored rate of its day or the one before.
    const sample = foreign[0]!;
    const rates = await db
      .selectFrom('fx_rates')
      .select(['day', 'currency', 'per_euro'])
      .where('day', '<=', sample.sold_on)
      .where('currency', 'in', ['USD', sample.currency])
      .orderBy('day', 'desc')
      .limit(2)
      .execute();
    const perEuro = (currency: string) => Number(rates.find((rate) => rate.currency === currency)!.per_euro);
    expect(Number(sample.price_cents)).toBe(
      Math.round((Number(sample.original_price_cents) * perEuro('USD')) / perEuro(sample.currency)),
    );
    const resold = await db
      .selectFrom('sales')
      .select(['cert_number', (eb) => eb.fn.countAll<number>().as('count')])
      .where('cert_number', 'is not', null)
      .groupBy('cert_number')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(resold.length).toBeGreaterThan(0);

    const response = await t.app.inject('/api/sales/analysis?set=base_set&card=Charizard');
    const analysis = response.json();
    expect(analysis.stats.excludedCount).toBeGreaterThan(0);
    expect(analysis.sales.every((sale: { title: string | null }) => sale.title !== null)).toBe(true);
  });
});
