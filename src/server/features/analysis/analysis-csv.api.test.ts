import { beforeAll, describe, expect, it } from 'vitest';
import { daysAgo, insertSales } from '../../../../tests/helpers/sales-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { CSV_HEADER } from './analysis-csv.ts';

describe('GET /api/sales/analysis.csv', () => {
  const t = useTestApp();

  beforeAll(async () => {
    await insertSales(t.database.handle, [
      ...Array.from({ length: 30 }, (_, index) => ({
        card_name: 'Charizard',
        sold_at: daysAgo(index + 0.5),
        price_cents: 10_000 + index,
        grading_company: index % 2 === 0 ? 'PSA' : 'CGC',
        grade: 9,
        seller: `seller_${index}`,
      })),
      {
        card_name: 'Charizard',
        sold_at: daysAgo(100),
        price_cents: 123_456,
        seller: '=HYPERLINK("http://evil.example","x")',
        seller_rating: 98.7,
        grading_company: 'PSA',
        grade: 10,
        sale_type: 'best_offer',
      },
      { set_id: 'jungle_set', card_name: 'Scyther non-holo', sold_at: daysAgo(5), price_cents: 4_200 },
    ]);
  });

  const lines = (body: string) => body.split('\r\n').filter(Boolean);

  it('exports every sale of the period, newest first, not just one page', async () => {
    const response = await t.app.inject('/api/sales/analysis.csv?set=base_set&card=charizard&pageSize=5');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="charizard-base_set-all.csv"');
    const rows = lines(response.body);
    expect(rows[0]).toBe(CSV_HEADER.join(','));
    expect(rows).toHaveLength(32);
    expect(rows[1]).toBe(`${daysAgo(0.5).slice(0, 10)},100.00,seller_0,,PSA,9,Auction,,,,,,USD,,,no,no`);
    expect(rows[30]).toMatch(/,100\.29,seller_29,/);
  });

  it('defuses formulas and quotes fields that need it', async () => {
    const response = await t.app.inject('/api/sales/analysis.csv?card=Charizard&grade=10');
    expect(lines(response.body)).toEqual([
      CSV_HEADER.join(','),
      `${daysAgo(100).slice(0, 10)},1234.56,"'=HYPERLINK(""http://evil.example"",""x"")",98.7,PSA,10,Best Offer,,,,,,USD,,,no,no`,
    ]);
  });

  it('applies the period and grader filter and names the file after them', async () => {
    const response = await t.app.inject('/api/sales/analysis.csv?card=Charizard&period=30d&grader=CGC');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="charizard-base_set-30d-cgc.csv"',
    );
    const rows = lines(response.body).slice(1);
    expect(rows).toHaveLength(15);
    expect(rows.every((row) => row.includes(',CGC,'))).toBe(true);
  });

  it('exports the non-holo print under its own name', async () => {
    const response = await t.app.inject('/api/sales/analysis.csv?set=jungle&card=scyther%20non-holo');
    expect(response.headers['content-disposition']).toContain('scyther-non-holo-jungle_set-all.csv');
    expect(lines(response.body)).toHaveLength(2);
  });

  it('exports just the header for a card without sales or not in the catalogue', async () => {
    const response = await t.app.inject('/api/sales/analysis.csv?card=Missingno');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('missingno-base_set-all.csv');
    expect(lines(response.body)).toEqual([CSV_HEADER.join(',')]);
  });

  it('refuses bad input with 400 validation', async () => {
    const response = await t.app.inject('/api/sales/analysis.csv?card=Charizard&period=1y');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation');
  });
});
