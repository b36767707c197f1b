import { WorkingSpace } from '#shared/working-space.ts';
import { type CardSales, countSoldSince } from '../columns/card-sales.ts';

/** A card's sales of some cohorts, cohort after cohort, each oldest first; see cohortsWithin. */
interface CohortsWithin {
  soldAt: Float64Array;
  prices: Float64Array;
  /** Each sale's index in the card's columns. */
  columnIndex: Int32Array;
  /** Where each grade code's sales start, and how many there are (0 for a cohort not asked for). */
  starts: Uint32Array;
  counts: Uint32Array;
}

/**
 * Working space for cohortsWithin: the cohorts within reach of a new sale of a card with many sales hold
 * thousands of sales, and new arrays for every judgement would be garbage. Valid until the next call, so a
 * caller reads it before it awaits anything.
 */
const soldAtSpace = new WorkingSpace((length) => new Float64Array(length));
const priceSpace = new WorkingSpace((length) => new Float64Array(length));
const columnIndexSpace = new WorkingSpace((length) => new Int32Array(length));

/** The card's sales sold in [from, to] of the cohorts marked in `wanted` (by grade code). */
export function cohortsWithin(
  sales: CardSales,
  wanted: readonly boolean[],
  from: number,
  to: number,
): CohortsWithin {
  // The columns are newest first: the sales in range run from the oldest one in range down to index `end`.
  const oldest = lastAtOrAfter(sales, from);
  let end = oldest;
  while (end >= 0 && sales.soldAt[end]! <= to) end--;
  const counts = new Uint32Array(sales.gradeKeys.length);
  for (let index = oldest; index > end; index--) {
    const code = sales.gradeCodes[index]!;
    if (wanted[code]) counts[code]!++;
  }
  const starts = new Uint32Array(counts.length);
  let total = 0;
  counts.forEach((count, code) => {
    starts[code] = total;
    total += count;
  });
  const soldAt = soldAtSpace.take(total);
  const prices = priceSpace.take(total);
  const columnIndex = columnIndexSpace.take(total);
  const next = starts.slice();
  for (let index = oldest; index > end; index--) {
    const code = sales.gradeCodes[index]!;
    if (!wanted[code]) continue;
    const at = next[code]!++;
    soldAt[at] = sales.soldAt[index]!;
    prices[at] = sales.prices[index]!;
    columnIndex[at] = index;
  }
  return { soldAt, prices, columnIndex, starts, counts };
}

/** The index of the oldest sale sold at or after `instant` (-1 when none): the columns are newest first. */
function lastAtOrAfter(sales: CardSales, instant: number): number {
  return countSoldSince(sales, instant) - 1;
}
