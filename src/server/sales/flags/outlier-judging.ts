import { setImmediate } from 'node:timers/promises';
import type { CardSalesAt } from '../columns/card-sales.repository.ts';
import type { CardSales } from '../columns/card-sales.ts';
import { cohortsWithin } from './cohorts-within.ts';
import { type Flag, OUTLIER_WINDOW_DAYS, outlierFlags } from './flag-rules.ts';
import { type CardRange, cohortKey, DAY_MS } from './new-sales-range.ts';

/** How far either side of a sale its cohort's other sales count for the outlier check. */
export const WINDOW_MS = OUTLIER_WINDOW_DAYS * DAY_MS;

/**
 * Below this many sales within reach of the new ones, a transaction's cards are judged on the writer's
 * thread alone: handing cohorts to another thread and back costs more than judging them.
 */
const HELPER_MIN_SALES = 20_000;

/** Sales a helper is handed at a time: enough to keep it busy, few enough that both threads end together. */
const HELPER_CHUNK_SALES = 40_000;

/**
 * Chunks a helper holds at once. This thread takes in an answer and hands over the next chunk only
 * between its own cards (and not while it finds the same-day duplicate groups), so with one chunk at a
 * time the helper waited for most of its turn.
 */
const HELPER_CHUNKS_AHEAD = 2;

/** A cohort of a chunk: where its sales lie in the chunk's columns, and what outlierFlags is asked. */
export interface ChunkCohort {
  start: number;
  count: number;
  grader: string | null;
  grade: number | null;
  from: number;
  to: number;
}

/** Cohorts of several cards in two columns, oldest first within each cohort, to judge on another thread. */
export interface CohortChunk {
  soldAt: Float64Array<ArrayBuffer>;
  prices: Float64Array<ArrayBuffer>;
  cohorts: ChunkCohort[];
}

/** For each cohort of a chunk, the flags outlierFlags finds, by position within the cohort. */
export type ChunkFlags = [position: number, flag: Flag][][];

/**
 * The outlier check of every cohort of a chunk; runs on whichever thread holds the chunk, and on this one
 * over views of working space.
 */
export function judgeChunk({
  soldAt,
  prices,
  cohorts,
}: {
  soldAt: Float64Array;
  prices: Float64Array;
  cohorts: readonly ChunkCohort[];
}): ChunkFlags {
  return cohorts.map(({ start, count, grader, grade, from, to }) => [
    ...outlierFlags(
      { soldAt: soldAt.subarray(start, start + count), priceCents: prices.subarray(start, start + count) },
      grader,
      grade,
      from,
      to,
    ),
  ]);
}

/**
 * Another thread that judges chunks of cohorts (judgeChunk) for the writer's: the import's file-reading
 * thread, idle once it has read its file. `judge` hands the chunk's columns over; `release` gives the
 * thread back once the writer is done with it.
 */
export interface OutlierHelper {
  judge(chunk: CohortChunk): Promise<ChunkFlags>;
  release(): void;
}

/** The outlier check's findings on one card, by valuesKey, and how many sales share each flagged set of values. */
export interface CardFindings {
  outliers: Map<string, Flag>;
  flaggedSales: Map<string, number>;
}

/** A sale's values as the outlier check judges them: equal values get equal judgements. */
export function valuesKey(soldAt: number, priceCents: number, cohort: string): string {
  return `${soldAt}|${priceCents}|${cohort}`;
}

/** One card being judged: its new sales, its columns and what is found among them so far. */
class CardJudging implements CardFindings {
  readonly outliers = new Map<string, Flag>();
  readonly flaggedSales = new Map<string, number>();
  readonly cohortOfCode: string[];

  constructor(
    readonly range: CardRange,
    readonly sales: CardSales,
  ) {
    this.cohortOfCode = sales.gradeKeys.map((key) => cohortKey(key.grader, key.grade));
  }

  /** The new sales' cohorts, and their sales that bear on the outliers within reach of the new sales. */
  cohorts() {
    const wanted = this.cohortOfCode.map((cohort) => this.range.cohorts.has(cohort));
    return cohortsWithin(this.sales, wanted, this.range.from - 2 * WINDOW_MS, this.range.to + 2 * WINDOW_MS);
  }

  /** What outlierFlags is asked of a cohort: the new sales' time and a window either side. */
  question(code: number) {
    const { grader, grade } = this.sales.gradeKeys[code]!;
    return { grader, grade, from: this.range.from - WINDOW_MS, to: this.range.to + WINDOW_MS };
  }

  /** A flag of the sale at `index` of the card's columns, of the cohort with grade code `code`. */
  found(index: number, code: number, flag: Flag): void {
    const key = valuesKey(this.sales.soldAt[index]!, this.sales.prices[index]!, this.cohortOfCode[code]!);
    this.outliers.set(key, flag);
    this.flaggedSales.set(key, (this.flaggedSales.get(key) ?? 0) + 1);
  }

  /** The check on this thread, over views of the working space cohortsWithin fills. */
  judgeHere(): void {
    const cohorts = this.cohorts();
    const asked: (ChunkCohort & { code: number })[] = [];
    cohorts.counts.forEach((count, code) => {
      if (count > 0) asked.push({ start: cohorts.starts[code]!, count, code, ...this.question(code) });
    });
    judgeChunk({ soldAt: cohorts.soldAt, prices: cohorts.prices, cohorts: asked }).forEach((flags, at) => {
      const { start, code } = asked[at]!;
      for (const [position, flag] of flags) this.found(cohorts.columnIndex[start + position]!, code, flag);
    });
  }
}

/** Cards packed into one chunk for a helper, and where each cohort's sales lie in the cards' columns. */
function packChunk(cards: readonly CardJudging[]): {
  chunk: CohortChunk;
  owners: { card: CardJudging; code: number; columnIndex: Int32Array }[];
} {
  const size = cards.reduce((sum, card) => sum + card.sales.soldAt.length, 0);
  const chunk: CohortChunk = { soldAt: new Float64Array(size), prices: new Float64Array(size), cohorts: [] };
  const owners: { card: CardJudging; code: number; columnIndex: Int32Array }[] = [];
  let used = 0;
  for (const card of cards) {
    const cohorts = card.cohorts();
    cohorts.counts.forEach((count, code) => {
      if (count === 0) return;
      const from = cohorts.starts[code]!;
      chunk.soldAt.set(cohorts.soldAt.subarray(from, from + count), used);
      chunk.prices.set(cohorts.prices.subarray(from, from + count), used);
      chunk.cohorts.push({ start: used, count, ...card.question(code) });
      owners.push({ card, code, columnIndex: cohorts.columnIndex.slice(from, from + count) });
      used += count;
    });
  }
  return { chunk, owners };
}

/**
 * Each card's outlier check, a card at a time with a turn of the event loop between cards, so replies to
 * the statements under way are taken in and the next ones sent while the judging runs. When the cards hold
 * many sales and a helper thread is free, it judges chunks of cards from the end of the list while this
 * thread judges from the start, until they meet; a chunk the helper fails to judge is judged here.
 */
export async function judgeCards(
  ranges: readonly CardRange[],
  columns: readonly CardSalesAt[],
  helper: (() => OutlierHelper | undefined) | undefined,
): Promise<(CardFindings & { range: CardRange; sales: CardSales })[]> {
  const cards = ranges.map((range, at) => new CardJudging(range, columns[at]!.sales));
  const total = cards.reduce((sum, card) => sum + card.sales.soldAt.length, 0);
  const lent = total >= HELPER_MIN_SALES ? helper?.() : undefined;
  let front = 0;
  let back = cards.length;
  const handedOver: Promise<void>[] = [];
  const leftOver: CardJudging[] = [];
  const handOver = () => {
    const taken: CardJudging[] = [];
    let sales = 0;
    while (back > front + 1 && sales < HELPER_CHUNK_SALES) {
      const card = cards[--back]!;
      taken.push(card);
      sales += card.sales.soldAt.length;
    }
    if (taken.length === 0 || !lent) return;
    const { chunk, owners } = packChunk(taken);
    handedOver.push(
      lent.judge(chunk).then(
        (found) => {
          found.forEach((flags, at) => {
            const { card, code, columnIndex } = owners[at]!;
            for (const [position, flag] of flags) card.found(columnIndex[position]!, code, flag);
          });
          handOver();
        },
        () => {
          leftOver.push(...taken);
        },
      ),
    );
  };
  // Two chunks at a time, so the helper has the next one at hand while this thread takes in its answer.
  if (lent) for (let chunk = 0; chunk < HELPER_CHUNKS_AHEAD; chunk++) handOver();
  try {
    while (front < back) {
      await setImmediate();
      cards[front++]!.judgeHere();
    }
    while (handedOver.length > 0) await handedOver.shift();
  } finally {
    lent?.release();
  }
  for (const card of leftOver) card.judgeHere();
  return cards;
}
