import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisResponseSchema } from '#shared/schemas/sales.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { importFxFile } from '../../sales/fx/fx-import.ts';
import { RecordImport } from '../../sales/read/record-import.ts';
import { importSalesFile } from './sales-import.service.ts';

// 2024-03-29 (Good Friday) to 2024-04-01 (Easter Monday) have no reference rates: the 28th's apply.
const ECB = `Date,USD,JPY,GBP,
2024-04-02,1.0767,163.34,0.85493,
2024-03-28,1.0811,163.45,0.85510,
2024-03-27,1.0827,164.97,N/A,
`;

describe('provenance and prices in other currencies', () => {
  const t = useTestApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-provenance-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  function write(name: string, content: string): string {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  }

  const stored = (sourceRef: string) =>
    t.app.context.database.db
      .selectFrom('sales')
      .selectAll()
      .where('source_ref', '=', sourceRef)
      .executeTakeFirst();

  const sale = (id: string, fields: Record<string, unknown>) => ({
    id,
    set_id: 'base_set',
    card_name: 'Blastoise',
    seller: 'auction_house',
    grading_company: 'PSA',
    grade: 8,
    ...fields,
  });

  beforeAll(async () => {
    await importFxFile(t.app.context.database, write('rates.csv', ECB));
  });

  it('stores the provenance fields of a JSON Lines file and converts a foreign price at the sale day’s rate', async () => {
    const file = write(
      'sales.jsonl',
      [
        sale('p-1', {
          price: 1000,
          buyer_premium: 200,
          shipping: 30,
          sale_date: '2024-03-27',
          title: 'Blastoise Base Set 1st Edition Holo PSA 8',
          listing_url: 'https://www.goldin.co/item/blastoise',
          cert_number: '44556677',
          source: 'goldin',
        }),
        // Saturday: Thursday's rate. ¥163,450 at 163.45 per euro and $1.0811 per euro = $1,081.10.
        sale('p-2', { price: 163450, currency: 'JPY', sale_date: '2024-03-30' }),
        // Easter Monday: still Thursday's rate, four days back.
        sale('p-3', { price: '855.10', currency: 'gbp', sale_date: '2024-04-01' }),
        // The bank gave no GBP rate on the 27th, and none before it here.
        sale('p-4', { price: 100, currency: 'GBP', sale_date: '2024-03-27' }),
        sale('p-5', { price: 100, currency: 'CHF', sale_date: '2024-03-28' }),
        sale('p-6', { price: 100, sale_date: '2024-03-28', listing_url: 'ftp://example.com/x' }),
      ]
        .map((record) => JSON.stringify(record))
        .join('\n'),
    );
    const summary = await importSalesFile(t.app.context, file, { today: '2024-04-05', rejectsFile: false });
    expect(summary).toMatchObject({ imported: 3, rejected: 3 });
    expect(summary.rejects).toEqual([
      { line: 4, reason: 'no GBP exchange rate for 2024-03-27 or the 7 days before it' },
      { line: 5, reason: 'no CHF exchange rate for 2024-03-28 or the 7 days before it' },
      { line: 6, reason: 'listing_url "ftp://example.com/x" is not an http or https address' },
    ]);
    expect(await stored('p-1')).toMatchObject({
      price_cents: 120_000,
      original_price_cents: 100_000,
      currency: 'USD',
      buyer_premium_cents: 20_000,
      shipping_cents: 3_000,
      title: 'Blastoise Base Set 1st Edition Holo PSA 8',
      listing_url: 'https://www.goldin.co/item/blastoise',
      cert_number: '44556677',
      source: 'goldin',
    });
    expect(await stored('p-2')).toMatchObject({
      price_cents: 108_110,
      original_price_cents: 16_345_000,
      currency: 'JPY',
    });
    expect(await stored('p-3')).toMatchObject({ price_cents: 108_110, currency: 'GBP' });
  });

  it('reads the same fields from CSV, and the analysis shows the original price beside the dollar one', async () => {
    const file = write(
      'sales.csv',
      'id,set_id,card_name,price,currency,sale_date,seller,grading_company,grade,source,best_offer_accepted,sale_type\n' +
        'c-1,base_set,Venusaur,85493,JPY,2024-04-02,tokyo_cards,PSA,9,other,false,auction\n' +
        'c-2,base_set,Venusaur,500,USD,2024-04-02,us_cards,PSA,9,ebay,yes,best_offer\n',
    );
    const summary = await importSalesFile(t.app.context, file, { today: '2024-04-05', rejectsFile: false });
    expect(summary).toMatchObject({ imported: 2, rejected: 0 });
    const response = await t.app.inject('/api/sales/analysis?card=Venusaur');
    const body = AnalysisResponseSchema.parse(response.json());
    const byId = (seller: string) => body.sales.find((row) => row.seller === seller)!;
    // ¥85,493 / 163.34 × 1.0767 = $563.55
    expect(byId('tokyo_cards')).toMatchObject({
      price: Math.round((8_549_300 * 1.0767) / 163.34) / 100,
      originalPrice: { amount: 85_493, currency: 'JPY' },
      source: 'other',
      bestOfferAccepted: false,
    });
    expect(byId('us_cards')).toMatchObject({
      price: 500,
      originalPrice: null,
      source: 'ebay',
      bestOfferAccepted: true,
    });
    const csv = await t.app.inject('/api/sales/analysis.csv?card=Venusaur');
    expect(csv.body).toContain(',85493.00,JPY,');
  });

  it('converts a feed’s records the same way instead of refusing them', async () => {
    const refused: string[] = [];
    const feed = await RecordImport.open(
      t.app.context,
      (_record, reason) => refused.push(reason),
      '2024-04-05',
    );
    await feed.add(sale('f-1', { price: 855.1, currency: 'GBP', sale_date: '2024-03-28' }));
    await feed.add(sale('f-2', { price: 10, currency: 'SEK', sale_date: '2024-03-28' }));
    await feed.close();
    expect(refused).toEqual(['no SEK exchange rate for 2024-03-28 or the 7 days before it']);
    expect(await stored('f-1')).toMatchObject({
      price_cents: 108_110,
      original_price_cents: 85_510,
      currency: 'GBP',
    });
  });

  it.each([1, 3001, 20_001])(
    'stores every record of a JSON array before a break at record %i',
    async (breakAt) => {
      const records = Array.from({ length: breakAt - 1 }, (_, index) =>
        JSON.stringify(
          sale(`json-${breakAt}-${index}`, { price: 100 + (index % 50), sale_date: '2024-03-28' }),
        ),
      );
      const file = write(
        `broken-${breakAt}.json`,
        `[${[...records, '{"id": "x", "price": ]', '{}'].join(',')}]`,
      );
      const summary = await importSalesFile(t.app.context, file, { today: '2024-04-05', rejectsFile: false });
      expect(summary).toMatchObject({ read: breakAt, imported: breakAt - 1, rejected: 1 });
      expect(summary.rejects[0]!.reason).toMatch(
        new RegExp(`^record ${breakAt}: the file is not valid JSON from here on`),
      );
    },
  );
});
