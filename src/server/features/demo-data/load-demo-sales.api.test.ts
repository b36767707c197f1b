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
    expect(indexesBefore).toEqual(expect.arrayContaining(['sales_card_analysis', 'sales_day']));

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
});
