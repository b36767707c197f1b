import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SetId } from '#shared/sets.ts';
import type { CardSales } from '../columns/card-sales.ts';
import { type CardRange, cohortKey } from '../flags/new-sales-range.ts';
import { judgeCards, type OutlierHelper } from '../flags/outlier-judging.ts';
import { lendIdleReader, parsedBatches, readersStarted } from './parsed-batches.ts';

const DAY = 86_400_000;
const START = Date.UTC(2023, 0, 1);
const GRADES = [
  { grader: 'PSA', grade: 9 },
  { grader: 'PSA', grade: 10 },
  { grader: null, grade: null },
];

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-reader-judging-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Reads a small file to its end, so its reader thread waits idle for the next. */
async function idleReader(): Promise<void> {
  const file = path.join(folder, 'one.jsonl');
  fs.writeFileSync(
    file,
    `${JSON.stringify({
      id: 'one',
      card_name: 'Charizard',
      set_id: 'base_set',
      price: 100,
      sale_date: 'Sold Jan 5, 2026',
      seller: 'seller',
      card_number: '4/102',
      card_rarity: 'Rare Holo',
      card_id: 'base_set-4',
    })}\n`,
  );
  for await (const _batch of parsedBatches({ file, format: 'jsonl', today: '2026-03-01', rates: new Map() }));
}

/** A card's columns (newest first) over three years, with a few prices far from the rest, and its new sales' reach. */
function card(index: number, count: number): { range: CardRange; sales: CardSales } {
  let seed = index + 1;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const rows = Array.from({ length: count }, () => ({
    soldAt: START + Math.floor(random() * 3 * 365 * DAY),
    price: Math.round(10_000 * (0.7 + random() * 0.6) * (random() < 0.01 ? 5 : random() < 0.01 ? 0.2 : 1)),
    code: Math.floor(random() * GRADES.length),
  })).sort((a, b) => b.soldAt - a.soldAt);
  const sales: CardSales = {
    prices: Float64Array.from(rows, (row) => row.price),
    soldAt: Float64Array.from(rows, (row) => row.soldAt),
    gradeCodes: Uint16Array.from(rows, (row) => row.code),
    gradeKeys: GRADES,
    excluded: new Uint8Array(count),
  };
  const range: CardRange = {
    card: { cardId: `base_set-${index}`, setId: 'base_set' as SetId, searchName: `Card ${index}` },
    from: START + 200 * DAY,
    to: START + 900 * DAY,
    cohorts: new Set(GRADES.slice(0, 2).map((key) => cohortKey(key.grader, key.grade))),
    logged: [],
  };
  return { range, sales };
}

const cards = Array.from({ length: 6 }, (_, index) => card(index, 8000 + index * 1500));
const ranges = cards.map(({ range }) => range);
const columns = cards.map(({ sales }) => ({ sales, seq: 0 }));

/** The findings of each card, as plain entries sorted by key, to compare. */
async function findings(helper: (() => OutlierHelper | undefined) | undefined) {
  const judged = await judgeCards(ranges, columns, helper);
  return judged.map(({ outliers, flaggedSales }) => ({
    outliers: [...outliers].sort(([a], [b]) => (a < b ? -1 : 1)),
    flaggedSales: [...flaggedSales].sort(([a], [b]) => (a < b ? -1 : 1)),
  }));
}

describe('judging outliers on the idle reader thread', () => {
  it('finds what one thread finds, with the reader judging part of the cards', async () => {
    const alone = await findings(undefined);
    expect(alone.flatMap((card) => card.outliers).length).toBeGreaterThan(50);

    await idleReader();
    const started = readersStarted();
    let chunks = 0;
    const together = await findings(() => {
      const lent = lendIdleReader();
      return (
        lent && {
          judge: (chunk) => {
            chunks++;
            return lent.judge(chunk);
          },
          release: () => lent.release(),
        }
      );
    });
    expect(together).toEqual(alone);
    expect(chunks).toBeGreaterThan(0);
    // The reader is given back: the next file is read on it.
    await idleReader();
    expect(readersStarted()).toBe(started);
  });

  it('judges here what a reader that fails while lent was given, and does not keep that reader', async () => {
    const alone = await findings(undefined);
    await idleReader();
    const started = readersStarted();
    // A chunk the reader cannot read makes its thread fail.
    const together = await findings(() => {
      const lent = lendIdleReader();
      return (
        lent && {
          judge: (chunk) => lent.judge({ ...chunk, cohorts: undefined as never }),
          release: () => lent.release(),
        }
      );
    });
    expect(together).toEqual(alone);
    await idleReader();
    expect(readersStarted()).toBe(started + 1);
  });
});
