import { beforeAll, describe, expect, it } from 'vitest';
import type { NewSale } from '#server/db/schema.ts';
import { daysAgo, insertSales } from '../../../../tests/helpers/sales-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

/**
 * The grade ladder and slab estimates against figures worked out by hand from fixed rows (docs/product.md §3:
 * quantile p of n sorted prices sits at rank p·n − ½, between neighbours on a straight line).
 */
describe('grade ladder and slab estimate API', () => {
  const t = useTestApp();
  // Stored as the dialect has it; every row names it, as a multi-row insert on SQLite has no DEFAULT.
  const flag = (value: boolean) => (t.database.handle.dialect === 'postgres' ? value : Number(value));
  const excluded = () => flag(true);
  const sale = (
    card_name: string,
    grading_company: string | null,
    grade: number | null,
    dollars: number,
    days: number,
    extra: Partial<NewSale> = {},
  ): Partial<NewSale> => ({
    card_name,
    grading_company,
    grade,
    price_cents: Math.round(dollars * 100),
    sold_at: daysAgo(days),
    excluded: flag(false),
    ...extra,
  });
  let charizard: Partial<NewSale>[];
  const ladder = async (query: string) => {
    const response = await t.app.inject(`/api/sales/ladder?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const estimate = async (query: string) => {
    const response = await t.app.inject(`/api/sales/estimate?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    charizard = [
      sale('Charizard', 'PSA', 10, 500, 5),
      sale('Charizard', 'PSA', 9, 100, 20),
      sale('Charizard', 'PSA', 9, 200, 30),
      sale('Charizard', 'PSA', 9, 200, 40),
      sale('Charizard', 'PSA', 9, 400, 50),
      sale('Charizard', 'PSA', 9, 10_000, 2, { excluded: excluded() }),
      sale('Charizard', 'PSA', 8, 50, 5),
      sale('Charizard', 'PSA', 8, 60, 10),
      sale('Charizard', 'PSA', 8, 70, 15),
      sale('Charizard', 'PSA', 8, 80, 100),
      sale('Charizard', 'PSA', 8, 90, 120),
      sale('Charizard', 'BGS', 9.5, 300, 60),
      sale('Charizard', 'BGS', 9.5, 300.01, 61),
      sale('Charizard', 'BGS', 9, 150, 70),
      sale('Charizard', 'CGC', 9, 100, 10),
      sale('Charizard', 'CGC', 9, 110, 20),
      sale('Charizard', 'CGC', 9, 120, 30),
      sale('Charizard', 'CGC', 9, 80, 100),
      sale('Charizard', 'CGC', 9, 90, 110),
      sale('Charizard', 'CGC', 9, 100, 120),
      sale('Charizard', 'CGC', 9, 100, 130),
      sale('Charizard', 'TAG', 10, 42, 3),
      sale('Charizard', 'SGC', 10, 1000, 3),
      sale('Charizard', null, null, 5, 1),
      sale('Charizard', 'PSA', null, 7, 1),
    ];
    const sameDay = daysAgo(10);
    await insertSales(t.database.handle, [
      ...charizard,
      ...[100, 200, 300, 400, 500, 600].map((dollars) =>
        sale('Blastoise', 'PSA', 9, dollars, 0, { sold_at: sameDay }),
      ),
      ...[175, 175, 175, 175, 175].map((dollars) => sale('Blastoise', 'PSA', 8, dollars, 10)),
      sale('Blastoise', 'PSA', 10, 9_000, 12),
      sale('Blastoise', 'PSA', 10, 1_000, 13),
      ...[800, 810, 820, 900, 1000].map((days) => sale('Venusaur', 'PSA', 9, 250, days)),
      ...[1, 2, 3, 4, 5].map((days) =>
        sale('Venusaur', 'CGC', 10, 100 * days, days, { excluded: excluded() }),
      ),
    ]);
  });

  const lastSale = (index: number) => ({
    price: (charizard[index]!.price_cents ?? 0) / 100,
    date: charizard[index]!.sold_at,
  });

  it('gives a row per grader and grade: PSA, BGS, CGC, SGC, then others; grades high to low', async () => {
    const answer = await ladder('set=base&card=charizard');
    expect(answer).toMatchObject({
      cardId: 'base_set-4',
      cardName: 'Charizard',
      setId: 'base_set',
      period: 'all',
    });
    expect(answer.rows).toEqual([
      // One sale: every figure is that sale.
      {
        grader: 'PSA',
        grade: 10,
        count: 1,
        median: 500,
        low: 500,
        high: 500,
        q1: 500,
        q3: 500,
        lastSale: lastSale(0),
        change90d: null,
        multiplierToNext: 2.5,
      },
      // 100, 200, 200, 400 (the flagged $10,000 is left out): ranks 0.5, 1.5 and 2.5 for q1, median, q3.
      {
        grader: 'PSA',
        grade: 9,
        count: 4,
        median: 200,
        low: 100,
        high: 400,
        q1: 150,
        q3: 300,
        lastSale: lastSale(1),
        change90d: null,
        multiplierToNext: 2.86, // 200 / 70
      },
      // 50 … 90: ranks 0.75, 2 and 3.25. Three sales in the last 90 days but two before: no change.
      {
        grader: 'PSA',
        grade: 8,
        count: 5,
        median: 70,
        low: 50,
        high: 90,
        q1: 57.5,
        q3: 82.5,
        lastSale: lastSale(6),
        change90d: null,
        multiplierToNext: null,
      },
      // 30,000 and 30,001 cents: the median, 30,000.5 cents, is shown as $300.01.
      {
        grader: 'BGS',
        grade: 9.5,
        count: 2,
        median: 300.01,
        low: 300,
        high: 300.01,
        q1: 300,
        q3: 300.01,
        lastSale: lastSale(11),
        change90d: null,
        multiplierToNext: 2, // 300.01 / 150
      },
      {
        grader: 'BGS',
        grade: 9,
        count: 1,
        median: 150,
        low: 150,
        high: 150,
        q1: 150,
        q3: 150,
        lastSale: lastSale(13),
        change90d: null,
        multiplierToNext: null,
      },
      // 80, 90, 100, 100, 100, 110, 120: ranks 1.25, 3 and 4.75. The last 90 days' median is 110, the 90
      // before 95 (the mean of 90 and 100): +15.79 %.
      {
        grader: 'CGC',
        grade: 9,
        count: 7,
        median: 100,
        low: 80,
        high: 120,
        q1: 92.5,
        q3: 107.5,
        lastSale: lastSale(14),
        change90d: 15.79,
        multiplierToNext: null,
      },
      expect.objectContaining({ grader: 'SGC', grade: 10, count: 1, median: 1000 }),
      expect.objectContaining({ grader: 'TAG', grade: 10, count: 1, median: 42 }),
    ]);
  });

  it('narrows to the period, while the 90-day change still compares the last 180 days', async () => {
    const { rows } = await ladder('card=Charizard&period=90d');
    expect(rows.map((row: { grader: string; grade: number }) => `${row.grader} ${row.grade}`)).toEqual([
      'PSA 10',
      'PSA 9',
      'PSA 8',
      'BGS 9.5',
      'BGS 9',
      'CGC 9',
      'SGC 10',
      'TAG 10',
    ]);
    // PSA 8 in 90 days: 50, 60, 70 (ranks 0.25, 1 and 1.75). CGC 9: 100, 110, 120.
    expect(rows[2]).toMatchObject({ count: 3, q1: 52.5, median: 60, q3: 67.5, multiplierToNext: null });
    expect(rows[1]).toMatchObject({ multiplierToNext: 3.33 }); // 200 / 60
    expect(rows[5]).toMatchObject({ count: 3, q1: 102.5, median: 110, q3: 117.5, change90d: 15.79 });
  });

  it('counts flagged, excluded sales only when asked to', async () => {
    const { rows } = await ladder('card=Charizard&includeFlagged=true');
    // 100, 200, 200, 400, 10,000: ranks 0.75, 2 and 3.25.
    expect(rows[1]).toMatchObject({
      grader: 'PSA',
      grade: 9,
      count: 5,
      q1: 175,
      median: 200,
      q3: 2800,
      high: 10_000,
      lastSale: lastSale(5),
    });
  });

  it('answers an unknown card as the analysis does: the name as typed, no card and no rows', async () => {
    expect(await ladder('set=jungle&card=not a card')).toEqual({
      cardId: null,
      cardName: 'Not A Card',
      setId: 'jungle_set',
      period: 'all',
      rows: [],
      psaPopulations: [],
    });
  });

  it('estimates a slab from its own recent sales: median and 80 % band', async () => {
    // Six sales of one day weigh the same: ranks 0.1, 2.5 and 4.9 of 100 … 600.
    const answer = await estimate('card=Blastoise&grader=PSA&grade=9');
    expect(answer).toEqual({
      estimate: 350,
      low: 110,
      high: 590,
      basis: 'recent-sales',
      comps: 6,
      windowDays: 90,
      neighbourGrades: [],
      asOf: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Math.abs(Date.parse(answer.asOf) - Date.now())).toBeLessThan(60_000);
  });

  it('scales neighbouring grades for a slab with too few sales, and says so', async () => {
    // PSA 10 has two sales. PSA 9 (350) and PSA 8 (175) are twice apart per grade, so PSA 10 is 700, and
    // PSA 9's band (110 to 590) doubles.
    expect(await estimate('card=Blastoise&grader=PSA&grade=10')).toMatchObject({
      estimate: 700,
      low: 220,
      high: 1180,
      basis: 'neighbour-grades',
      comps: 11,
      windowDays: 90,
      neighbourGrades: [8, 9],
    });
  });

  it('gives no number without sales to support one: a grader without sales, or only old sales', async () => {
    const none = { estimate: null, low: null, high: null, basis: 'none', comps: 0, windowDays: null };
    expect(await estimate('card=Blastoise&grader=BGS&grade=9.5')).toMatchObject(none);
    expect(await estimate('card=Venusaur&grader=PSA&grade=9')).toMatchObject(none);
    expect(await estimate('card=Unknown&grader=PSA&grade=9')).toMatchObject(none);
  });

  it('leaves flagged, excluded sales out of an estimate unless asked to include them', async () => {
    expect(await estimate('card=Venusaur&grader=CGC&grade=10')).toMatchObject({ basis: 'none' });
    // 100 … 500 sold 1 to 5 days ago weigh nearly alike; the weighted median is close to 300.
    const flagged = await estimate('card=Venusaur&grader=CGC&grade=10&includeFlagged=true');
    expect(flagged).toMatchObject({ basis: 'recent-sales', comps: 5, windowDays: 90 });
    expect(flagged.estimate).toBeGreaterThan(295);
    expect(flagged.estimate).toBeLessThan(305);
  });

  it('refuses an estimate without a grader, with a grade that is not a whole or half step, or includeFlagged other than true or false', async () => {
    for (const query of [
      'card=Blastoise&grader=PSA&grade=9&includeFlagged=yes',
      'card=Blastoise&grade=9',
      'card=Blastoise&grader=PSA&grade=9.25',
      'card=Blastoise&grader=XYZ&grade=9',
    ]) {
      const response = await t.app.inject(`/api/sales/estimate?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation');
    }
  });

  it('keeps other cards’ answers when a change names the cards it touched', async () => {
    const hasCgc8 = async (card: string) =>
      (await ladder(`card=${card}`)).rows.some(
        (row: { grader: string; grade: number }) => row.grader === 'CGC' && row.grade === 8,
      );
    expect(await hasCgc8('Blastoise')).toBe(false);
    expect(await hasCgc8('Charizard')).toBe(false);
    // Written behind the app's back: only a fresh computation sees them.
    await insertSales(t.database.handle, [
      sale('Blastoise', 'CGC', 8, 75, 1),
      sale('Charizard', 'CGC', 8, 75, 1),
    ]);
    t.app.context.salesEvents.changed(['base_set-2']);
    expect(await hasCgc8('Blastoise')).toBe(true);
    expect(await hasCgc8('Charizard')).toBe(false);
    t.app.context.salesEvents.changed(['base_set-4']);
    expect(await hasCgc8('Charizard')).toBe(true);
  });
});
