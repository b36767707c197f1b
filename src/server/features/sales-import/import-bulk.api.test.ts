import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { salesIndexNames } from '../../../../tests/helpers/sales-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { importSalesFile } from './sales-import.service.ts';

describe('importing into a sales table that has never held a sale', () => {
  const t = useTestApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-bulk-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stores every good row, the ones after the first image too, and keeps the indexes', async () => {
    const indexesBefore = await salesIndexNames(t.app.context.database);
    const photo = (
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
        .webp()
        .toBuffer()
    ).toString('base64');
    const row = (index: number, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        id: `bulk-${index}`,
        card_name: index % 2 ? 'Pikachu' : 'Charizard',
        set_id: 'base_set',
        price: 10 + index,
        sale_date: 'Sold Mar 4, 2026',
        seller: 'bulk_seller',
        ...extra,
      });
    const lines = [
      ...Array.from({ length: 1100 }, (_, index) => row(index)),
      row(1100, { imageData: photo }),
      row(3),
      row(1101, { price: 'free' }),
      ...Array.from({ length: 100 }, (_, index) => row(1102 + index)),
    ];
    const file = path.join(dir, 'first.jsonl');
    fs.writeFileSync(file, lines.join('\n'));

    const summary = await importSalesFile(t.app.context, file, { bulkLoadWhenEmpty: true });
    expect(summary).toMatchObject({ read: 1203, imported: 1201, duplicates: 1, rejected: 1 });
    expect(summary.rejects).toEqual([{ line: 1103, reason: 'price "free" is not an amount in dollars' }]);
    expect(await salesIndexNames(t.app.context.database)).toEqual(indexesBefore);

    const pictured = await t.app.context.database.db
      .selectFrom('sales')
      .select(['image', 'price_cents'])
      .where('source_ref', '=', 'bulk-1100')
      .executeTakeFirstOrThrow();
    expect(pictured.price_cents).toBe(111000);
    expect(pictured.image).toMatch(/^[a-f0-9]{64}$/);

    const again = await importSalesFile(t.app.context, file, { bulkLoadWhenEmpty: true });
    expect(again).toMatchObject({ read: 1203, imported: 0, duplicates: 1202, rejected: 1 });
  });
});

describe('the change log around a bulk load', () => {
  const t = useTestApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-bulk-log-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const log = async () => {
    const entries = await t.app.context.database.db
      .selectFrom('sales_changes')
      .select(['set_id', 'card_name', 'change', 'sales'])
      .orderBy('seq')
      .execute();
    return entries.map(({ sales, ...entry }) => ({
      ...entry,
      prices: sales === null ? null : (JSON.parse(sales) as number[][]).map(([price]) => price),
    }));
  };
  const importLines = (name: string, prices: number[]) => {
    const file = path.join(dir, name);
    const lines = prices.map((price, index) =>
      JSON.stringify({
        id: `${name}-${index}`,
        card_name: 'Pikachu',
        set_id: 'base_set',
        price,
        sale_date: 'Sold Mar 5, 2026',
        seller: 'bulk_seller',
      }),
    );
    fs.writeFileSync(file, lines.join('\n'));
    return importSalesFile(t.app.context, file, { rejectsFile: false, bulkLoadWhenEmpty: true });
  };

  it("logs one entry for every card instead of the cards' own, and the cards' own for the writes after it", async () => {
    expect(await importLines('first', [10, 20, 30])).toMatchObject({ imported: 3 });
    expect(await log()).toEqual([{ set_id: null, card_name: null, change: 0, prices: null }]);

    expect(await importLines('later', [42])).toMatchObject({ imported: 1 });
    expect((await log()).slice(1)).toEqual([
      { set_id: 'base_set', card_name: 'Pikachu', change: 1, prices: [4200] },
    ]);
  });
});
