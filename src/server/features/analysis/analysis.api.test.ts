import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SERIES_POINTS } from '#shared/sales-constants.ts';
import { type AnalysisResponse, AnalysisResponseSchema } from '#shared/schemas/sales.ts';
import { daysAgo, insertSales } from '../../../../tests/helpers/sales-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { importSalesFile } from '../sales-import/sales-import.service.ts';

/** The docs/product.md §3 figures, worked out here the long way (in whole cents) rather than with the code under test. */
function expectedStats(centsNewestFirst: number[], lastSaleDate: string) {
  const ascending = [...centsNewestFirst].sort((a, b) => a - b);
  const middle = Math.floor(ascending.length / 2);
  const medianCents =
    ascending.length % 2 === 0 ? (ascending[middle - 1]! + ascending[middle]!) / 2 : ascending[middle]!;
  const totalCents = centsNewestFirst.reduce((sum, cents) => sum + cents, 0);
  const average = Math.round(totalCents / centsNewestFirst.length) / 100;
  const lastSale = centsNewestFirst[0]! / 100;
  return {
    count: centsNewestFirst.length,
    low: ascending[0]! / 100,
    median: Math.round(medianCents) / 100,
    high: ascending.at(-1)! / 100,
    average,
    totalVolume: totalCents / 100,
    lastSale,
    percentFromAverage: Math.round(((lastSale - average) / average) * 10_000) / 100,
    lastSaleDate,
    excludedCount: 0,
  };
}

describe('GET /api/sales/analysis', () => {
  const t = useTestApp();
  // When the fixed sales below ended, by how many days ago.
  const ago = { 2: daysAgo(2), 10: daysAgo(10), 45: daysAgo(45), 200: daysAgo(200), 300: daysAgo(300) };
  const analyse = async (query: string): Promise<AnalysisResponse> => {
    const response = await t.app.inject(`/api/sales/analysis?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return AnalysisResponseSchema.parse(response.json());
  };

  beforeAll(async () => {
    await insertSales(t.database.handle, [
      {
        card_name: 'Charizard',
        sold_at: ago[10],
        price_cents: 50_000,
        grading_company: 'PSA',
        grade: 10,
        seller: 'alpha_cards',
        seller_rating: 99.5,
        sale_type: 'buy_it_now',
        image: 'a'.repeat(64),
      },
      { card_name: 'Charizard', sold_at: ago[45], price_cents: 30_000, grading_company: 'PSA', grade: 9 },
      {
        card_name: 'Charizard',
        sold_at: ago[200],
        price_cents: 12_050,
        grading_company: 'BGS',
        grade: 9.5,
      },
      {
        card_name: 'Charizard',
        sold_at: ago[300],
        price_cents: 20_001,
        grading_company: 'PSA',
        grade: 9,
      },
      // Same name in another set, and a different card: neither belongs to Base Set Charizard.
      { set_id: 'fossil_set', card_name: 'Charizard', price_cents: 999_999 },
      { card_name: 'Blastoise', price_cents: 1 },
      { set_id: 'jungle_set', card_name: 'Scyther', sold_at: daysAgo(3), price_cents: 40_000 },
      { set_id: 'jungle_set', card_name: 'Scyther non-holo', sold_at: ago[2], price_cents: 8_000 },
      { set_id: 'jungle_set', card_name: 'Scyther non-holo', sold_at: daysAgo(4), price_cents: 9_000 },
      ...Array.from({ length: 30 }, (_, index) => ({
        card_name: 'Alakazam',
        sold_at: daysAgo(index + 1),
        price_cents: 10_000 + index,
        seller: `seller_${index}`,
      })),
    ]);
  });

  it('computes the statistics over every sale of the card, newest first', async () => {
    const body = await analyse('set=base_set&card=charizard');
    expect(body).toMatchObject({
      cardName: 'Charizard',
      cardNumber: '4/102',
      rarity: 'Rare Holo',
      cardId: 'base_set-4',
      setId: 'base_set',
      imageUrl: '/card-images/base_set-4',
      period: 'all',
      total: 4,
    });
    expect(body.stats).toEqual(expectedStats([50_000, 30_000, 12_050, 20_001], ago[10]));
    expect(body.sales.map((sale) => sale.price)).toEqual([500, 300, 120.5, 200.01]);
    expect(body.sales[0]).toEqual({
      saleId: expect.any(String),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      price: 500,
      seller: 'alpha_cards',
      sellerRating: 99.5,
      imageUrl: `/media/${'a'.repeat(64)}`,
      grader: 'PSA',
      grade: 10,
      saleType: 'buy_it_now',
      title: null,
      listingUrl: null,
      certNumber: null,
      source: null,
      originalPrice: null,
      buyerPremium: null,
      shipping: null,
      bestOfferAccepted: false,
      flags: [],
      excluded: false,
    });
  });

  it('draws a rolling median per top grade and tells each point its grade', async () => {
    const sale = (grading_company: string, grade: number, dollars: number, days: number) => ({
      card_name: 'Gyarados',
      grading_company,
      grade,
      price_cents: dollars * 100,
      sold_at: daysAgo(days),
    });
    await insertSales(t.database.handle, [
      sale('PSA', 10, 300, 30),
      sale('PSA', 9, 100, 25),
      sale('PSA', 10, 330, 20),
      sale('PSA', 9, 120, 15),
      sale('BGS', 9.5, 200, 12),
      sale('CGC', 9, 90, 11),
      sale('PSA', 10, 360, 10),
      sale('CGC', 9, 95, 9),
      sale('BGS', 9.5, 220, 8),
      sale('PSA', 8, 50, 5),
    ]);
    const { series } = await analyse('card=Gyarados');
    // The ladder's first three grades with two sales or more: PSA 10, PSA 9 (PSA 8 has one), BGS 9.5.
    expect(series.gradeLines.map(({ grader, grade, median }) => ({ grader, grade, p: median.p }))).toEqual([
      { grader: 'PSA', grade: 10, p: [300, 315, 330] },
      { grader: 'PSA', grade: 9, p: [100, 110] },
      { grader: 'BGS', grade: 9.5, p: [200, 210] },
    ]);
    expect(series.points.g).toEqual([0, 1, 0, 1, 2, -1, 0, -1, 2, -1]);
    expect(series.points.p).toEqual([300, 100, 330, 120, 200, 90, 360, 95, 220, 50]);
    // Each line is drawn at its own sales' instants.
    expect(series.gradeLines[2]!.median.t).toEqual([series.points.t[4], series.points.t[8]]);

    // Filtered to one grade, that grade is the only line.
    const psa9 = (await analyse('card=Gyarados&grader=PSA&grade=9')).series;
    expect(psa9.gradeLines.map(({ grader, grade }) => `${grader} ${grade}`)).toEqual(['PSA 9']);
    expect(psa9.points.g).toEqual([0, 0]);
  });

  it.each([
    ['30d', [50_000]],
    ['90d', [50_000, 30_000]],
    ['all', [50_000, 30_000, 12_050, 20_001]],
  ])('limits period %s to its days', async (period, prices) => {
    const body = await analyse(`set=base_set&card=Charizard&period=${period}`);
    expect(body.period).toBe(period);
    expect(body.total).toBe(prices.length);
    expect(body.stats).toEqual(expectedStats(prices, ago[10]));
    expect(body.series.points.p).toEqual(prices.map((cents) => cents / 100).reverse());
  });

  it('filters by grader and grade, and offers the grades of the period regardless of the filter', async () => {
    const psa = await analyse('card=Charizard&grader=PSA');
    expect(psa.total).toBe(3);
    expect(psa.stats).toEqual(expectedStats([50_000, 30_000, 20_001], ago[10]));
    const psa9 = await analyse('card=Charizard&grader=PSA&grade=9');
    expect(psa9.sales.map((sale) => sale.price)).toEqual([300, 200.01]);
    const grade95 = await analyse('card=Charizard&grade=9.5');
    expect(grade95.sales.map((sale) => [sale.grader, sale.grade])).toEqual([['BGS', 9.5]]);
    expect(psa9.gradeOptions).toEqual([
      { grader: 'PSA', grade: 10, count: 1 },
      { grader: 'PSA', grade: 9, count: 2 },
      { grader: 'BGS', grade: 9.5, count: 1 },
    ]);
    const recent = await analyse('card=Charizard&period=90d&grader=BGS');
    expect(recent.total).toBe(0);
    expect(recent.stats.count).toBe(0);
    expect(recent.gradeOptions).toEqual([
      { grader: 'PSA', grade: 10, count: 1 },
      { grader: 'PSA', grade: 9, count: 1 },
    ]);
  });

  it('pages the sales newest first and counts them all', async () => {
    const first = await analyse('card=alakazam&pageSize=12');
    expect(first.total).toBe(30);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(12);
    expect(first.sales.map((sale) => sale.seller)).toEqual(
      Array.from({ length: 12 }, (_, index) => `seller_${index}`),
    );
    const last = await analyse('card=alakazam&pageSize=12&page=3');
    expect(last.sales.map((sale) => sale.seller)).toEqual(
      Array.from({ length: 6 }, (_, index) => `seller_${index + 24}`),
    );
    const beyond = await analyse('card=alakazam&pageSize=12&page=4');
    expect(beyond.sales).toEqual([]);
    expect(beyond.total).toBe(30);
    const dates = [...first.sales, ...last.sales].map((sale) => sale.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('keeps the holo and the non-holo print of a Pokémon apart', async () => {
    const holo = await analyse('set=jungle&card=scyther');
    expect(holo).toMatchObject({ cardName: 'Scyther', cardNumber: '10/64', rarity: 'Rare Holo', total: 1 });
    expect(holo.stats.lastSale).toBe(400);
    const rare = await analyse('set=jungle_set&card=nonholo%20scyther');
    expect(rare).toMatchObject({
      cardName: 'Scyther non-holo',
      cardNumber: '26/64',
      rarity: 'Rare',
      total: 2,
    });
    expect(rare.stats).toEqual(expectedStats([8_000, 9_000], ago[2]));
  });

  it('answers an unknown card with the empty result of docs/product.md §8', async () => {
    const body = await analyse('set=base_set&card=not%20a%20CARD&period=30d');
    expect(body).toEqual({
      cardName: 'Not A Card',
      cardNumber: 'N/A',
      rarity: 'N/A',
      cardId: null,
      setId: 'base_set',
      imageUrl: null,
      period: '30d',
      includeFlagged: false,
      stats: expectedZeroStats,
      series: { points: { t: [], p: [], g: [] }, median: { t: [], p: [] }, gradeLines: [], sampled: false },
      gradeOptions: [],
      sales: [],
      total: 0,
      page: 1,
      pageSize: 25,
    });
  });

  it('shows a catalogue card without sales with its number and rarity and zero statistics', async () => {
    const body = await analyse('card=Venusaur');
    expect(body).toMatchObject({ cardName: 'Venusaur', cardNumber: '15/102', rarity: 'Rare Holo', total: 0 });
    expect(body.cardId).toBe('base_set-15');
    expect(body.stats).toEqual(expectedZeroStats);
    expect(body.sales).toEqual([]);
  });

  it('draws every sale and a rolling median in time order', async () => {
    const body = await analyse('card=Alakazam');
    const { points, median, sampled } = body.series;
    expect(sampled).toBe(false);
    expect(points.p).toHaveLength(30);
    expect(points.t).toEqual([...points.t].sort((a, b) => a - b));
    expect(points.p[0]).toBe(100.29);
    expect(points.t.at(-1)).toBe(Date.parse(body.sales[0]!.date));
    expect(median.t).toEqual(points.t);
    // Prices fall by a cent a day, so the median of the last 15 sales sits 7 cents above the newest.
    expect(median.p.at(-1)).toBe(100.07);
  });

  it.each([
    ['period=week', 'period'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['page=0', 'page'],
    ['grade=11', 'grade'],
    ['grader=XYZ', 'grader'],
    ['set=team_rocket', 'set'],
  ])('refuses %s with 400 validation', async (query, field) => {
    const response = await t.app.inject(`/api/sales/analysis?card=Charizard&${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation',
      fields: { [field]: expect.any(String) },
    });
  });

  it('refuses a missing or blank card name with 400 validation', async () => {
    for (const query of ['set=base_set', 'card=%20%20']) {
      const response = await t.app.inject(`/api/sales/analysis?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation');
    }
  });
});

const expectedZeroStats = {
  count: 0,
  low: 0,
  median: 0,
  high: 0,
  average: 0,
  totalVolume: 0,
  lastSale: 0,
  percentFromAverage: 0,
  lastSaleDate: null,
  excludedCount: 0,
};

describe('GET /api/sales/analysis with more sales than the chart shows', () => {
  const t = useTestApp();
  const count = MAX_SERIES_POINTS + 150;

  beforeAll(async () => {
    await insertSales(
      t.database.handle,
      // Inserted out of time order, so only the query's ordering can put them in order.
      Array.from({ length: count }, (_, index) => ({
        card_name: 'Magikarp',
        sold_at: daysAgo(((index * 7919) % count) / 10),
        price_cents: 1_000 + (index % 7),
      })),
    );
  });

  it('samples the points evenly but computes the statistics over every sale', async () => {
    const response = await t.app.inject('/api/sales/analysis?card=magikarp');
    const body = AnalysisResponseSchema.parse(response.json());
    expect(body.total).toBe(count);
    expect(body.stats.count).toBe(count);
    expect(body.series.sampled).toBe(true);
    expect(body.series.points.t).toHaveLength(MAX_SERIES_POINTS);
    expect(body.series.median.p).toHaveLength(MAX_SERIES_POINTS);
    const { t: times } = body.series.points;
    expect(times.at(-1)).toBe(Date.parse(body.sales[0]!.date));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(body.stats.lastSale).toBe(body.sales[0]!.price);
  });
});

describe('GET /api/sales/analysis: total volume and the latest sale', () => {
  const t = useTestApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-volume-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const ago = { 5: daysAgo(5), 8: daysAgo(8), 20: daysAgo(20), 60: daysAgo(60), 120: daysAgo(120) };

  beforeAll(async () => {
    const sale = (days: keyof typeof ago, price: number, grade: number, fields: object = {}) => ({
      id: `ninetales-${days}`,
      set_id: 'base_set',
      card_name: 'Ninetales',
      price,
      timestamp: ago[days],
      seller: `seller_${days}`,
      grading_company: 'PSA',
      grade,
      ...fields,
    });
    const file = path.join(dir, 'ninetales.jsonl');
    // The newest sale is a Best Offer that does not say what was accepted: flagged, and left out unless
    // flagged sales are included.
    const records = [
      sale(5, 900, 9, { sale_type: 'best_offer' }),
      sale(8, 400, 9),
      sale(20, 250, 10),
      sale(60, 300, 9),
      sale(120, 100.5, 8),
    ];
    fs.writeFileSync(file, records.map((record) => JSON.stringify(record)).join('\n'));
    const summary = await importSalesFile(t.app.context, file, { rejectsFile: false });
    expect(summary.rejects).toEqual([]);
    expect(summary.imported).toBe(5);
  });

  const statsOf = async (query: string) => {
    const response = await t.app.inject(`/api/sales/analysis?card=Ninetales&${query}`);
    expect(response.statusCode).toBe(200);
    const { stats } = AnalysisResponseSchema.parse(response.json());
    const { totalVolume, lastSale, lastSaleDate, average, percentFromAverage } = stats;
    return { totalVolume, lastSale, lastSaleDate, average, percentFromAverage };
  };

  // Worked out by hand from the five sales above (average in whole cents, rounded half up).
  it.each([
    ['period=all', 1050.5, 400, 8, 262.63, 52.31],
    ['period=all&includeFlagged=true', 1950.5, 900, 5, 390.1, 130.71],
    ['period=30d', 650, 400, 8, 325, 23.08],
    ['period=all&grader=PSA&grade=9', 700, 400, 8, 350, 14.29],
    ['period=30d&grader=PSA&grade=9&includeFlagged=true', 1300, 900, 5, 650, 38.46],
    ['period=all&grader=PSA&grade=10', 250, 250, 20, 250, 0],
  ] as const)(
    '%s: volume %s, latest sale %s from %s days ago',
    async (query, volume, last, days, average, percent) => {
      expect(await statsOf(query)).toEqual({
        totalVolume: volume,
        lastSale: last,
        lastSaleDate: ago[days],
        average,
        percentFromAverage: percent,
      });
    },
  );

  it('has no latest sale where the period and filter have none', async () => {
    expect(await statsOf('period=90d&grader=PSA&grade=8')).toEqual({
      totalVolume: 0,
      lastSale: 0,
      lastSaleDate: null,
      average: 0,
      percentFromAverage: 0,
    });
  });
});
