import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importSalesFile } from '#server/features/sales-import/sales-import.service.ts';
import { AnalysisResponseSchema } from '#shared/schemas/sales.ts';
import { saleRow } from '../../../../tests/helpers/sales-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

const TODAY = '2026-06-30';

describe('flags computed on import', () => {
  const t = useTestApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-flags-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  let files = 0;

  async function importRecords(records: Record<string, unknown>[]) {
    const file = path.join(dir, `sales-${++files}.jsonl`);
    fs.writeFileSync(file, records.map((record) => JSON.stringify(record)).join('\n'));
    const summary = await importSalesFile(t.app.context, file, { today: TODAY, rejectsFile: false });
    expect(summary.rejects).toEqual([]);
    return summary;
  }

  let ids = 0;
  const sale = (card: string, price: number, day: string, fields: Record<string, unknown> = {}) => ({
    id: `flag-test-${++ids}`,
    set_id: 'base_set',
    card_name: card,
    price,
    sale_date: day,
    seller: `seller_${ids}`,
    grading_company: 'PSA',
    grade: 9,
    ...fields,
  });

  /** Five $100 sales of the card in the first days of May: the reference cohort. */
  const cohort = (card: string) =>
    ['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04', '2026-05-05'].map((day) => sale(card, 100, day));

  function saleOf(sourceRef: string) {
    return t.app.context.database.db
      .selectFrom('sales')
      .select(['id', 'excluded'])
      .where('source_ref', '=', sourceRef)
      .executeTakeFirstOrThrow();
  }

  async function flagsOf(sourceRef: string) {
    const db = t.app.context.database.db;
    const row = await saleOf(sourceRef);
    const flags = await db
      .selectFrom('sale_flags')
      .select(['code', 'reason', 'status'])
      .where('sale_id', '=', row.id)
      .orderBy('code')
      .execute();
    return { excluded: row.excluded === true || row.excluded === 1, flags };
  }

  it('flags a price three times the cohort median or more, and not one just under', async () => {
    const high = sale('Charizard', 300, '2026-05-10');
    const under = sale('Charizard', 299.99, '2026-05-11');
    await importRecords([...cohort('Charizard'), high, under]);
    expect(await flagsOf(high.id)).toEqual({
      excluded: true,
      flags: [
        {
          code: 'outlier-high',
          reason: '3.0× the median of $100 of 6 other PSA 9 sales within 90 days',
          status: 'open',
        },
      ],
    });
    expect(await flagsOf(under.id)).toEqual({ excluded: false, flags: [] });
  });

  it('flags a price a third of the median or less, and not one just over', async () => {
    const low = sale('Blastoise', 33.33, '2026-05-10');
    const over = sale('Blastoise', 33.34, '2026-05-10');
    await importRecords([...cohort('Blastoise'), low]);
    await importRecords([over]);
    // The later sale joined the low one's cohort, so its reason counts six others now.
    expect((await flagsOf(low.id)).flags).toEqual([
      {
        code: 'outlier-low',
        reason: '0.33× the median of $100 of 6 other PSA 9 sales within 90 days',
        status: 'open',
      },
    ]);
    expect((await flagsOf(over.id)).flags).toEqual([]);
  });

  it('needs five other sales within 90 days, and a later import can make an earlier sale an outlier', async () => {
    const early = sale('Venusaur', 1000, '2026-02-01');
    // 4 sales within 90 days and one 91 days later: too few to judge.
    await importRecords([
      early,
      ...['2026-02-02', '2026-02-03', '2026-02-04', '2026-02-05'].map((day) => sale('Venusaur', 100, day)),
      sale('Venusaur', 100, '2026-05-03'),
    ]);
    expect(await flagsOf(early.id)).toEqual({ excluded: false, flags: [] });
    await importRecords([sale('Venusaur', 100, '2026-03-01')]);
    expect(await flagsOf(early.id)).toMatchObject({
      excluded: true,
      flags: [
        { code: 'outlier-high', reason: '10× the median of $100 of 5 other PSA 9 sales within 90 days' },
      ],
    });
  });

  it('keeps other graders and grades out of a cohort', async () => {
    const psa10 = sale('Mewtwo', 500, '2026-05-10', { grade: 10 });
    await importRecords([...cohort('Mewtwo'), psa10]);
    expect((await flagsOf(psa10.id)).flags).toEqual([]);
  });

  it("leaves another cohort's outlier flags alone when a later import brings sales of one cohort", async () => {
    const high = sale('Gyarados', 900, '2026-05-10');
    await importRecords([...cohort('Gyarados'), high]);
    const flagged = await flagsOf(high.id);
    expect(flagged.flags.map((flag) => flag.code)).toEqual(['outlier-high']);
    // A PSA 10 sale on the same card within the window judges the PSA 10 cohort only.
    await importRecords([sale('Gyarados', 100, '2026-05-11', { grade: 10 })]);
    expect(await flagsOf(high.id)).toEqual(flagged);
  });

  it('flags the second of two sales with the same cohort, seller, price and day', async () => {
    const first = sale('Ninetales', 250, '2026-06-01', { seller: 'kanto_vault' });
    const again = sale('Ninetales', 250, '2026-06-01', { seller: 'kanto_vault' });
    const otherSeller = sale('Ninetales', 250, '2026-06-01', { seller: 'johto_cards' });
    const otherDay = sale('Ninetales', 250, '2026-06-02', { seller: 'kanto_vault' });
    await importRecords([first, again, otherSeller, otherDay]);
    expect((await flagsOf(first.id)).flags).toEqual([]);
    expect(await flagsOf(again.id)).toEqual({
      excluded: true,
      flags: [
        {
          code: 'probable-duplicate',
          reason: 'Same seller (kanto_vault), price ($250) and day (2026-06-01) as an earlier sale',
          status: 'open',
        },
      ],
    });
    expect((await flagsOf(otherSeller.id)).flags).toEqual([]);
    expect((await flagsOf(otherDay.id)).flags).toEqual([]);
  });

  it('flags a sale that repeats one stored by an earlier import, among sales of other days and prices', async () => {
    const stored = sale('Dugtrio non-holo', 180, '2026-04-20', { seller: 'kanto_vault' });
    const storedElsewhere = sale('Dugtrio non-holo', 180, '2026-04-21', { seller: 'kanto_vault' });
    await importRecords([stored, storedElsewhere, sale('Dugtrio non-holo', 95, '2026-04-20')]);
    const again = sale('Dugtrio non-holo', 180, '2026-04-20', { seller: 'kanto_vault' });
    const otherPrice = sale('Dugtrio non-holo', 181, '2026-04-20', { seller: 'kanto_vault' });
    const otherGrade = sale('Dugtrio non-holo', 180, '2026-04-20', { seller: 'kanto_vault', grade: 8 });
    await importRecords([again, otherPrice, otherGrade, sale('Dugtrio non-holo', 95, '2026-04-22')]);
    expect((await flagsOf(stored.id)).flags).toEqual([]);
    expect((await flagsOf(again.id)).flags).toEqual([
      {
        code: 'probable-duplicate',
        reason: 'Same seller (kanto_vault), price ($180) and day (2026-04-20) as an earlier sale',
        status: 'open',
      },
    ]);
    for (const other of [storedElsewhere, otherPrice, otherGrade]) {
      expect((await flagsOf(other.id)).flags).toEqual([]);
    }
  });

  it("keeps an open outlier flag's figures up to date as its cohort grows", async () => {
    const high = sale('Raichu', 300, '2026-05-10');
    await importRecords([...cohort('Raichu'), high]);
    expect((await flagsOf(high.id)).flags[0]?.reason).toBe(
      '3.0× the median of $100 of 5 other PSA 9 sales within 90 days',
    );
    await importRecords([sale('Raichu', 150, '2026-05-12'), sale('Raichu', 150, '2026-05-13')]);
    expect(await flagsOf(high.id)).toEqual({
      excluded: true,
      flags: [
        {
          code: 'outlier-high',
          reason: '3.0× the median of $100 of 7 other PSA 9 sales within 90 days',
          status: 'open',
        },
      ],
    });
  });

  it('drops an open outlier flag that a later import makes ordinary, and keeps a decided one', async () => {
    const open = sale('Poliwrath', 300, '2026-05-10');
    const decided = sale('Poliwrath', 300, '2026-05-10', { grade: 8 });
    const cohort8 = cohort('Poliwrath').map((record) => ({ ...record, id: `${record.id}-8`, grade: 8 }));
    await importRecords([...cohort('Poliwrath'), ...cohort8, open, decided]);
    expect((await flagsOf(open.id)).flags.map((flag) => flag.code)).toEqual(['outlier-high']);
    await t.app.context.database.db
      .updateTable('sale_flags')
      .set({ status: 'confirmed' })
      .where('sale_id', '=', (await saleOf(decided.id)).id)
      .execute();
    const confirmed = await flagsOf(decided.id);
    // Five $200 sales in each cohort move its median to $150: $300 is twice that, no longer an outlier.
    const later = ['2026-05-11', '2026-05-12', '2026-05-13', '2026-05-14', '2026-05-15'];
    await importRecords([
      ...later.map((day) => sale('Poliwrath', 200, day)),
      ...later.map((day) => sale('Poliwrath', 200, day, { grade: 8 })),
    ]);
    expect(await flagsOf(open.id)).toEqual({ excluded: false, flags: [] });
    expect(await flagsOf(decided.id)).toEqual(confirmed);
  });

  it('judges new sales against every stored sale, also those another writer stored since the last import', async () => {
    await importRecords(cohort('Nidoking'));
    // Five $1,000 sales written straight to the table, as another instance or tool would: only the change
    // log tells this instance about them.
    await t.app.context.database.db
      .insertInto('sales')
      .values(
        ['2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09', '2026-05-10'].map((day) =>
          saleRow({ card_name: 'Nidoking', price_cents: 100_000, sold_at: `${day}T12:00:00.000Z` }),
        ),
      )
      .execute();
    const high = sale('Nidoking', 3000, '2026-05-12');
    await importRecords([high]);
    expect((await flagsOf(high.id)).flags).toEqual([
      {
        code: 'outlier-high',
        reason: '5.5× the median of $550 of 10 other PSA 9 sales within 90 days',
        status: 'open',
      },
    ]);
  });

  it("judges each card of one import on its own: several cards' outliers, duplicates and earlier flags at once", async () => {
    const kadabraHigh = sale('Kadabra', 300, '2026-05-10');
    const machampHigh = sale('Machamp', 300, '2026-05-10');
    await importRecords([...cohort('Kadabra'), kadabraHigh, ...cohort('Machamp'), machampHigh]);
    const arcanineLow = sale('Arcanine', 30, '2026-05-10');
    const first = sale('Hitmonchan', 250, '2026-06-01', { seller: 'kanto_vault' });
    const again = sale('Hitmonchan', 250, '2026-06-01', { seller: 'kanto_vault' });
    const later = ['2026-05-11', '2026-05-12', '2026-05-13', '2026-05-14', '2026-05-15'];
    await importRecords([
      // Kadabra's cohort grows by two: its flag counts seven others. Machamp's median moves to $150.
      sale('Kadabra', 150, '2026-05-12'),
      sale('Kadabra', 150, '2026-05-13'),
      ...later.map((day) => sale('Machamp', 200, day)),
      ...cohort('Arcanine'),
      arcanineLow,
      first,
      again,
    ]);
    expect((await flagsOf(kadabraHigh.id)).flags).toEqual([
      {
        code: 'outlier-high',
        reason: '3.0× the median of $100 of 7 other PSA 9 sales within 90 days',
        status: 'open',
      },
    ]);
    expect(await flagsOf(machampHigh.id)).toEqual({ excluded: false, flags: [] });
    expect((await flagsOf(arcanineLow.id)).flags).toEqual([
      {
        code: 'outlier-low',
        reason: '0.30× the median of $100 of 5 other PSA 9 sales within 90 days',
        status: 'open',
      },
    ]);
    expect((await flagsOf(first.id)).flags).toEqual([]);
    expect((await flagsOf(again.id)).flags.map((flag) => flag.code)).toEqual(['probable-duplicate']);
    // One flag each on three of the cards, none on Machamp: no card got another card's flag.
    const flagged = await t.app.context.database.db.selectFrom('sale_flags').select('card_name').execute();
    const cards = ['Kadabra', 'Machamp', 'Arcanine', 'Hitmonchan'];
    expect(
      flagged
        .map((flag) => flag.card_name)
        .filter((name) => cards.includes(name))
        .sort(),
    ).toEqual(['Arcanine', 'Hitmonchan', 'Kadabra']);
  });

  it('flags a certificate sold again at the same price within 14 days, not after 15', async () => {
    const first = sale('Zapdos', 400, '2026-06-01', { cert_number: '55550001' });
    const within = sale('Zapdos', 400, '2026-06-15', { cert_number: '55550001' });
    const other = sale('Zapdos', 400, '2026-06-01', { cert_number: '55550002' });
    const after = sale('Zapdos', 400, '2026-06-16', { cert_number: '55550002' });
    await importRecords([first, other]);
    await importRecords([within, after]);
    expect((await flagsOf(within.id)).flags).toEqual([
      {
        code: 'probable-duplicate',
        reason: 'Certificate PSA 55550001 sold at the same price ($400) 14 days earlier',
        status: 'open',
      },
    ]);
    expect((await flagsOf(after.id)).flags).toEqual([]);
  });

  it('flags a title that sells another item, and a Best Offer without its accepted price', async () => {
    const lot = sale('Clefairy', 300, '2026-06-01', {
      title: 'Lot of 3 Clefairy Base Set 1st Edition PSA 9',
    });
    const plain = sale('Clefairy', 300, '2026-06-02', { title: 'Clefairy Base Set 1st Edition Holo PSA 9' });
    const offer = sale('Clefairy', 300, '2026-06-03', { sale_type: 'best_offer' });
    const revealed = sale('Clefairy', 300, '2026-06-04', {
      sale_type: 'best_offer',
      best_offer_accepted: true,
    });
    await importRecords([lot, plain, offer, revealed]);
    expect((await flagsOf(lot.id)).flags).toEqual([
      {
        code: 'title-mismatch',
        reason: 'The title says a lot or bundle, not one card ("lot")',
        status: 'open',
      },
    ]);
    expect((await flagsOf(plain.id)).flags).toEqual([]);
    expect((await flagsOf(offer.id)).flags).toEqual([
      {
        code: 'best-offer-unrevealed',
        reason: 'Sold by Best Offer: the price is the list price, not the accepted offer',
        status: 'open',
      },
    ]);
    expect((await flagsOf(revealed.id)).flags).toEqual([]);
    // Stored excluded as they arrive, in the change log as well, so the Clefairy analysis leaves them out.
    expect(
      (await Promise.all([lot, plain, offer, revealed].map((row) => flagsOf(row.id)))).map(
        (row) => row.excluded,
      ),
    ).toEqual([true, false, true, false]);
    const analysis = AnalysisResponseSchema.parse(
      (await t.app.inject('/api/sales/analysis?card=Clefairy&grader=PSA&grade=9')).json(),
    );
    expect(analysis.stats).toMatchObject({ count: 2, excludedCount: 2 });
  });

  it('leaves flagged sales out of the analysis unless includeFlagged=true, and lists them with their flags', async () => {
    const analyse = async (query: string) => {
      const response = await t.app.inject(`/api/sales/analysis?card=Charizard${query}`);
      expect(response.statusCode).toBe(200);
      return AnalysisResponseSchema.parse(response.json());
    };
    // Charizard: five $100 sales, $299.99 and the $300 outlier.
    const without = await analyse('');
    expect(without.includeFlagged).toBe(false);
    expect(without.stats).toMatchObject({ count: 6, excludedCount: 1, high: 299.99, totalVolume: 799.99 });
    expect(without.total).toBe(7);
    expect(without.series.points.p).not.toContain(300);
    const flagged = without.sales.find((row) => row.price === 300)!;
    expect(flagged).toMatchObject({ excluded: true, flags: [{ code: 'outlier-high', status: 'open' }] });
    const withFlagged = await analyse('&includeFlagged=true');
    expect(withFlagged.stats).toMatchObject({ count: 7, excludedCount: 1, high: 300, totalVolume: 1099.99 });
    expect(withFlagged.series.points.p).toContain(300);
    const bad = await t.app.inject('/api/sales/analysis?card=Charizard&includeFlagged=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation');
  });

  it('counts the same sales everywhere: ladder, grade filter and figures follow the switch; Total Sales lists all', async () => {
    // Chansey: PSA 9 four plain sales and two Best Offers without the accepted price (flagged);
    // PSA 8 three plain sales and one such Best Offer.
    const offer = { sale_type: 'best_offer' };
    const rows = [
      ...['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04'].map((day) => sale('Chansey', 400, day)),
      sale('Chansey', 450, '2026-04-05', offer),
      sale('Chansey', 460, '2026-04-06', offer),
      ...['2026-04-07', '2026-04-08', '2026-04-09'].map((day) => sale('Chansey', 200, day, { grade: 8 })),
      sale('Chansey', 250, '2026-04-10', { grade: 8, ...offer }),
    ];
    await importRecords(rows);
    const expected = (grade: number, includeFlagged: boolean) =>
      rows.filter(
        (row) =>
          row.grade === grade &&
          (includeFlagged || (row as { sale_type?: string }).sale_type !== 'best_offer'),
      ).length;
    const listed = (grade: number) => rows.filter((row) => row.grade === grade).length;

    for (const includeFlagged of [false, true]) {
      const flagged = includeFlagged ? '&includeFlagged=true' : '';
      const ladder = (await t.app.inject(`/api/sales/ladder?set=base_set&card=Chansey${flagged}`)).json();
      const all = AnalysisResponseSchema.parse(
        (await t.app.inject(`/api/sales/analysis?card=Chansey${flagged}`)).json(),
      );
      for (const grade of [9, 8]) {
        const count = expected(grade, includeFlagged);
        expect(ladder.rows.find((row: { grade: number }) => row.grade === grade).count).toBe(count);
        expect(all.gradeOptions.find((option) => option.grade === grade)?.count).toBe(count);
        const one = AnalysisResponseSchema.parse(
          (
            await t.app.inject(`/api/sales/analysis?card=Chansey&grader=PSA&grade=${grade}${flagged}`)
          ).json(),
        );
        expect(one.stats.count).toBe(count);
        // Total Sales counts every listed sale, flagged ones too; excludedCount says how many of them are.
        expect(one.total).toBe(listed(grade));
        expect(one.stats.excludedCount).toBe(listed(grade) - expected(grade, false));
      }
    }
  });
});
