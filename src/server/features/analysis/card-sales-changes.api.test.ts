import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, type TestUser } from '../../../../tests/helpers/auth.ts';
import { daysAgo, insertSales } from '../../../../tests/helpers/sales-factory.ts';
import { type TestApp, useTestApp } from '../../../../tests/helpers/test-app.ts';
import { importSalesFile } from '../sales-import/sales-import.service.ts';

/** What a user sees of Charizard: the analysis in two periods and filtered, the ladders, two estimates. */
const CHARIZARD = 'set=base_set&card=Charizard';
const VIEWS = [
  `/api/sales/analysis?${CHARIZARD}&period=all&pageSize=50`,
  `/api/sales/analysis?${CHARIZARD}&period=90d&grader=PSA`,
  `/api/sales/ladder?${CHARIZARD}&period=all`,
  `/api/sales/ladder?${CHARIZARD}&period=all&includeFlagged=true`,
  `/api/sales/estimate?${CHARIZARD}&grader=PSA&grade=9`,
  `/api/sales/estimate?${CHARIZARD}&grader=CGC&grade=9&includeFlagged=true`,
];

/** The app's answers to `urls`, each a 200. */
const answersTo = (t: TestApp, urls: readonly string[]) =>
  Promise.all(
    urls.map(async (url) => {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      // An estimate says when it was computed; everything else must be equal.
      const { asOf: _asOf, ...answer } = response.json();
      return answer;
    }),
  );

/** Empties every cache of answers and every card's columns, so the next answers are computed from scratch. */
function emptyCaches(t: TestApp): void {
  const { cards, responses, summaries, cohortValues } = t.app.context.analysisCaches;
  for (const cache of [cards, responses, summaries, cohortValues]) cache.clear();
}

describe("a card's answers after its sales change", () => {
  const t = useTestApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-changes-'));
  let admin: TestUser;
  const caches = () => t.app.context.analysisCaches;
  const reads = () => ({ ...caches().cards.reads });

  const views = () => answersTo(t, VIEWS);

  /** The same views computed from nothing: every cache emptied, so the card is read whole again. */
  const fromScratch = async () => {
    emptyCaches(t);
    return views();
  };

  /**
   * The views after a change equal the ones computed from scratch, and came from `entries` log entries read
   * since `before` (by default, the moment the views are asked for).
   */
  async function expectUpToDateFrom(entries: number, before = reads()) {
    const changed = await views();
    expect(reads()).toEqual({ ...before, changeRows: before.changeRows + entries });
    expect(changed).toEqual(await fromScratch());
    return changed;
  }

  const post = (url: string, saleIds: string[]) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload: { saleIds } });
  const ladderCount = (
    ladder: { rows: { grader: string; grade: number; count: number }[] },
    grader: string,
    grade: number,
  ) => ladder.rows.find((row) => row.grader === grader && row.grade === grade)?.count ?? 0;
  const psaCount = (analysis: { stats: { count: number } }) => analysis.stats.count;

  let seeded: { id: string }[];

  beforeAll(async () => {
    admin = await makeAdmin(t);
    const instant = daysAgo(20);
    seeded = await insertSales(t.database.handle, [
      { card_name: 'Charizard', price_cents: 100_000, grading_company: 'PSA', grade: 9, sold_at: daysAgo(3) },
      { card_name: 'Charizard', price_cents: 120_000, grading_company: 'PSA', grade: 9, sold_at: instant },
      { card_name: 'Charizard', price_cents: 90_000, grading_company: 'CGC', grade: 9, sold_at: instant },
      {
        card_name: 'Charizard',
        price_cents: 300_000,
        grading_company: 'PSA',
        grade: 10,
        sold_at: daysAgo(40),
      },
      {
        card_name: 'Charizard',
        price_cents: 80_000,
        grading_company: 'PSA',
        grade: 8,
        sold_at: daysAgo(100),
      },
      {
        card_name: 'Charizard',
        price_cents: 95_000,
        grading_company: 'PSA',
        grade: 9,
        sold_at: daysAgo(150),
      },
      { card_name: 'Blastoise', price_cents: 40_000, grading_company: 'PSA', grade: 9, sold_at: daysAgo(5) },
    ]);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads the card whole once, the first time it is asked for', async () => {
    const before = reads();
    const first = await views();
    expect(reads()).toMatchObject({ wholeCards: before.wholeCards + 1, saleRows: before.saleRows + 6 });
    // Six Charizard sales from $800 to $3,000; three by PSA in the last 90 days.
    expect(first[0].stats).toMatchObject({ count: 6, low: 800, high: 3000 });
    expect(psaCount(first[1])).toBe(3);
  });

  it('takes in an import: only the new sales are read, and every answer equals one computed from scratch', async () => {
    const at = Date.parse(daysAgo(20));
    const record = (id: string, price: number, grader: string, grade: number, timestamp: number) => ({
      id,
      card_name: 'charizard',
      set_id: 'base',
      price,
      sale_date: `Sold ${new Date(timestamp).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' })}`,
      seller: 'kanto_vault',
      timestamp,
      grading_company: grader,
      grade,
    });
    const file = path.join(dir, 'sales.jsonl');
    const lines = [
      record('imported-1', 1_100, 'PSA', 9, at), // the same instant as two stored sales
      record('imported-2', 1_050, 'PSA', 9, Date.parse(daysAgo(2))),
      record('imported-3', 700, 'BGS', 9.5, Date.parse(daysAgo(60))), // a grade the card did not have
    ];
    fs.writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    const before = reads();
    const summary = await importSalesFile(t.app.context, file, { rejectsFile: false });
    expect(summary.rejects).toEqual([]);
    expect(summary).toMatchObject({ imported: 3, rejected: 0 });

    // The importer brought the columns up to date to flag its sales and handed them over when it committed.
    // It knew its sales' entries of the log (SQLite's writer logs them itself, PostgreSQL's counts the
    // trigger's) and applied its sales as it stored them, reading none of the log back.
    const changed = await expectUpToDateFrom(0, before);
    expect(changed[0].stats).toMatchObject({ count: 9, low: 700, high: 3000 });
  });

  it('takes in a deletion and a restore through the admin screens', async () => {
    const [newest, tied] = seeded;
    expect((await post('/api/admin/sales/delete', [newest!.id, tied!.id])).statusCode).toBe(200);
    const afterDeletion = await expectUpToDateFrom(2);
    expect(afterDeletion[0].stats.count).toBe(7);

    expect((await post('/api/admin/sales/restore', [tied!.id])).statusCode).toBe(200);
    const afterRestore = await expectUpToDateFrom(1);
    expect(afterRestore[0].stats.count).toBe(8);
  });

  it('takes in sales flagged and cleared through an UPDATE of excluded', async () => {
    const flag = async (ids: string[], excluded: boolean) => {
      await t.database.handle.db
        .updateTable('sales')
        .set({ excluded: t.database.handle.dialect === 'postgres' ? excluded : Number(excluded) })
        .where('id', 'in', ids)
        .execute();
      t.app.context.salesEvents.changed(['base_set-4']);
    };
    const cgc = seeded[2]!.id;
    const psa9 = seeded[5]!.id;
    await flag([cgc, psa9], true);
    // Each flagged sale is one entry taking the sale away and one adding it back flagged.
    const flagged = await expectUpToDateFrom(4);
    // The ladder and the analysis's figures leave flagged sales out unless asked to include them; the
    // analysis still lists every sale (docs/product.md §11).
    expect(flagged[0].stats).toMatchObject({ count: 6, excludedCount: 2 });
    expect(flagged[0].total).toBe(8);
    expect([ladderCount(flagged[2], 'PSA', 9), ladderCount(flagged[2], 'CGC', 9)]).toEqual([3, 0]);
    expect([ladderCount(flagged[3], 'PSA', 9), ladderCount(flagged[3], 'CGC', 9)]).toEqual([4, 1]);

    await flag([psa9], false);
    const cleared = await expectUpToDateFrom(2);
    expect([ladderCount(cleared[2], 'PSA', 9), ladderCount(cleared[2], 'CGC', 9)]).toEqual([4, 0]);
  });

  it("leaves other cards' sales out of the card's log reads", async () => {
    await insertSales(t.database.handle, [{ card_name: 'Blastoise', price_cents: 45_000 }]);
    t.app.context.salesEvents.changed(['base_set-2']);
    await expectUpToDateFrom(0);
  });

  it("reads back only the entries before an import's own, when another change came first", async () => {
    await insertSales(t.database.handle, [
      { card_name: 'Charizard', price_cents: 99_000, grading_company: 'PSA', grade: 9, sold_at: daysAgo(7) },
    ]);
    const file = path.join(dir, 'after-another-change.jsonl');
    const timestamp = Date.parse(daysAgo(9));
    fs.writeFileSync(
      file,
      `${JSON.stringify({
        id: 'imported-after',
        card_name: 'charizard',
        set_id: 'base',
        price: 1_020,
        sale_date: `Sold ${new Date(timestamp).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' })}`,
        seller: 'kanto_vault',
        timestamp,
        grading_company: 'PSA',
        grade: 9,
      })}\n`,
    );
    const before = reads();
    expect(await importSalesFile(t.app.context, file, { rejectsFile: false })).toMatchObject({ imported: 1 });
    // The sale stored by the other writer is the one entry read; the import's own is known.
    const changed = await expectUpToDateFrom(1, before);
    expect(changed[0].total).toBe(10);
  });
});

describe('a card held before a first load into an empty database', () => {
  const t = useTestApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-first-load-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const analysis = async () =>
    (await t.app.inject(`/api/sales/analysis?${CHARIZARD}&period=all`)).json() as {
      total: number;
      stats: { median: number };
    };

  it('shows the loaded sales: the card is read whole after the bulk load, which logs one entry for every card', async () => {
    expect((await analysis()).total).toBe(0);
    const reads = { ...t.app.context.analysisCaches.cards.reads };
    const file = path.join(dir, 'first.jsonl');
    const line = (id: string, price: number) =>
      JSON.stringify({
        id,
        card_name: 'Charizard',
        set_id: 'base',
        price,
        sale_date: 'Sold Nov 3, 2025',
        timestamp: Date.parse('2025-11-03T02:15:00Z'),
        seller: 'kanto_vault',
      });
    fs.writeFileSync(file, `${line('first-1', 100)}\n${line('first-2', 300)}\n`);
    const summary = await importSalesFile(t.app.context, file, {
      rejectsFile: false,
      bulkLoadWhenEmpty: true,
    });
    expect(summary.imported).toBe(2);

    expect(await analysis()).toMatchObject({ total: 2, stats: { median: 200 } });
    expect(t.app.context.analysisCaches.cards.reads.wholeCards).toBe(reads.wholeCards + 1);
  });
});

/** The event loop's next check phase: a replaced version's space can be reused from then on. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Large enough that a new version of its columns is made in the space of a replaced one. */
const SALES = 5000;
const VENUSAUR = 'set=base_set&card=Venusaur';
const VENUSAUR_VIEWS = [
  `/api/sales/analysis?${VENUSAUR}&period=all&pageSize=50`,
  `/api/sales/analysis?${VENUSAUR}&period=90d&grader=PSA&grade=9`,
  `/api/sales/ladder?${VENUSAUR}&period=all`,
  `/api/sales/estimate?${VENUSAUR}&grader=PSA&grade=9`,
];
const GRADES = [
  ['PSA', 10],
  ['PSA', 9],
  ['PSA', 8],
  ['BGS', 9.5],
] as const;

describe("a large card's answers while new versions of its columns reuse the space of replaced ones", () => {
  const t = useTestApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-recycled-'));
  let admin: TestUser;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const views = () => answersTo(t, VENUSAUR_VIEWS);
  const post = (url: string, saleIds: string[]) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload: { saleIds } });

  /** Imports one PSA 9 sale of Venusaur, `days` ago, through the importer (which flags it). */
  const importOne = async (id: string, price: number, days: number) => {
    const timestamp = Date.parse(daysAgo(days));
    const file = path.join(dir, `${id}.jsonl`);
    const line = {
      id,
      card_name: 'Venusaur',
      set_id: 'base',
      price,
      sale_date: `Sold ${new Date(timestamp).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' })}`,
      seller: 'recycling_vault',
      timestamp,
      grading_company: 'PSA',
      grade: 9,
    };
    fs.writeFileSync(file, `${JSON.stringify(line)}\n`);
    const summary = await importSalesFile(t.app.context, file, { rejectsFile: false });
    expect(summary).toMatchObject({ imported: 1, rejected: 0 });
  };

  beforeAll(async () => {
    admin = await makeAdmin(t);
    await insertSales(
      t.database.handle,
      Array.from({ length: SALES }, (_, index) => {
        const [grader, grade] = GRADES[index % GRADES.length]!;
        return {
          card_name: 'Venusaur',
          price_cents: 20_000 + ((index * 7919) % 30_000),
          grading_company: grader,
          grade,
          sold_at: daysAgo(1 + ((index * 13) % 700)),
        };
      }),
    );
  });

  it('gives every answer as computed from scratch after imports, a deletion and a restore', async () => {
    const store = t.app.context.analysisCaches.cards;
    expect((await views())[0].stats.count).toBe(SALES);

    const counts: number[] = [];
    for (let round = 0; round < 4; round++) {
      await importOne(`recycled-${round}`, 250 + round, 5 + round * 40);
      await nextTurn();
      counts.push((await views())[0].stats.count);
    }
    const [newest] = await t.database.handle.db
      .selectFrom('sales')
      .select('id')
      .where('seller', '=', 'recycling_vault')
      .where('price_cents', '=', 25_000)
      .execute();
    expect((await post('/api/admin/sales/delete', [newest!.id])).statusCode).toBe(200);
    await nextTurn();
    counts.push((await views())[0].stats.count);
    expect((await post('/api/admin/sales/restore', [newest!.id])).statusCode).toBe(200);
    await nextTurn();
    const changed = await views();
    counts.push(changed[0].stats.count);

    expect(counts).toEqual([SALES + 1, SALES + 2, SALES + 3, SALES + 4, SALES + 3, SALES + 4]);
    expect(store.recycledColumns).toBeGreaterThan(0);
    emptyCaches(t);
    expect(changed).toEqual(await views());
  });
});
