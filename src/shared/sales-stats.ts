import type { SalesStats } from './schemas/sales.ts';
import { WorkingSpace } from './working-space.ts';

/** docs/product.md §3 sales statistics, computed once on the server and shown by the web app. */
export const EMPTY_STATS: Readonly<SalesStats> = Object.freeze({
  count: 0,
  low: 0,
  median: 0,
  high: 0,
  average: 0,
  totalVolume: 0,
  lastSale: 0,
  percentFromAverage: 0,
});

/** How many sales the chart's rolling median looks back over. */
export const ROLLING_MEDIAN_WINDOW = 15;

/** Integer-or-fractional cents to dollars rounded to the cent. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

function roundTo2(value: number): number {
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? 0 : rounded;
}

/**
 * Rearranges values[from … to] so that values[k] is the k-th smallest of them, everything before it no
 * larger and everything after it no smaller (quickselect: linear on average, where a full sort would be
 * n log n).
 */
export function selectKth(values: Float64Array, k: number, from = 0, to = values.length - 1): number {
  let left = from;
  let right = to;
  while (left < right) {
    const pivot = values[(left + right) >> 1]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i] = values[j]!;
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return values[k]!;
}

/**
 * Working space for medians: a card can have tens of thousands of sales, and a fresh copy of them for
 * every analysis would be garbage the collector has to clear on the request path.
 */
const medianSpace = new WorkingSpace((length) => new Float64Array(length));

function medianOf(source: ArrayLike<number>): number {
  const values = medianSpace.take(source.length);
  values.set(source);
  return medianOfFirst(values, values.length);
}

/** The median of values[0 … length − 1], which it reorders. */
function medianOfFirst(values: Float64Array, length: number): number {
  const middle = length >> 1;
  const upper = selectKth(values, middle, 0, length - 1);
  if (length % 2 === 1) return upper;
  // selectKth leaves the smaller values before `middle`: the largest of them is the lower middle value.
  let lower = values[0]!;
  for (let index = 1; index < middle; index++) lower = Math.max(lower, values[index]!);
  return (lower + upper) / 2;
}

/**
 * Statistics of docs/product.md §3 over prices in cents, newest first (so the first is the latest sale).
 * percentFromAverage uses the rounded dollar figures, so a client can recompute it from the response.
 */
export function computeSalesStats(pricesNewestFirst: ArrayLike<number>): SalesStats {
  const count = pricesNewestFirst.length;
  if (count === 0) return { ...EMPTY_STATS };
  let sum = 0;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < count; index++) {
    const value = pricesNewestFirst[index]!;
    sum += value;
    if (value < low) low = value;
    if (value > high) high = value;
  }
  const average = centsToDollars(sum / count);
  const lastSale = centsToDollars(pricesNewestFirst[0]!);
  return {
    count,
    low: centsToDollars(low),
    median: centsToDollars(medianOf(pricesNewestFirst)),
    high: centsToDollars(high),
    average,
    totalVolume: centsToDollars(sum),
    lastSale,
    percentFromAverage: average === 0 ? 0 : roundTo2(((lastSale - average) / average) * 100),
  };
}

/**
 * Trailing rolling median: for each index in `at` (every index when omitted), the median of that value and
 * the window − 1 values before it in time (fewer at the start). Values are in time order, or newest first
 * (the server's columns, read in place), where the earlier values follow an index instead of preceding it.
 * Asking only for the indices a chart keeps costs a small sort per kept point, however many values there are.
 */
export function rollingMedian(
  values: ArrayLike<number>,
  window: number = ROLLING_MEDIAN_WINDOW,
  at?: readonly number[],
  order: 'time' | 'newest-first' = 'time',
): number[] {
  const size = Math.max(1, Math.floor(window));
  const indices = at ?? Array.from({ length: values.length }, (_, index) => index);
  // One working array for every point: a view of the space per point was an object per point of a chart.
  const run = medianSpace.take(size);
  return indices.map((index) => {
    const start = order === 'time' ? Math.max(0, index - size + 1) : index;
    const end = order === 'time' ? index : Math.min(values.length - 1, index + size - 1);
    const length = end - start + 1;
    for (let offset = 0; offset < length; offset++) run[offset] = values[start + offset]!;
    return medianOfFirst(run, length);
  });
}

/** Indices of an even sample of at most `max` items from `length`, always keeping the first and last. */
export function evenSampleIndices(length: number, max: number): number[] {
  if (length <= max) return Array.from({ length }, (_, index) => index);
  if (max <= 0) return [];
  if (max === 1) return [length - 1];
  const step = (length - 1) / (max - 1);
  return Array.from({ length: max }, (_, index) => Math.round(index * step));
}
