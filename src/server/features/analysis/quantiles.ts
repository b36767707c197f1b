import { selectKth } from '#shared/sales-stats.ts';
import { WorkingSpace } from '#shared/working-space.ts';

/** Working arrays of the quantiles, each valid until the next quantiles of its kind. */
const positionSpace = new WorkingSpace((length) => new Float64Array(length));
const keySpace = new WorkingSpace((length) => new Float64Array(length));
const orderSpace = new WorkingSpace((length) => new Uint32Array(length));
const selectionSpace = new WorkingSpace((length) => new Float64Array(length));

/**
 * Quantiles of prices in cents, weighted or not, by one definition (docs/product.md §3, decision 017): the values are
 * sorted (ties ordered by weight, lightest first, so the answer does not depend on the input order), each
 * stands at the middle of its share of the total weight, p_k = (S_k − w_k / 2) / W where S_k is the weight
 * of the first k values, and a quantile between two such positions is read off the straight line between
 * them; below the first position it is the lowest value, above the last the highest.
 *
 * With equal weights the positions are (k − ½) / n, Hazen's definition (R's type 5): the median is the middle
 * value, or the mean of the two middle values of an even count, as everywhere else in Holoscope.
 */
export function weightedQuantiles(
  values: ArrayLike<number>,
  weights: ArrayLike<number>,
  probabilities: readonly number[],
): number[] {
  const count = values.length;
  if (count === 0) return probabilities.map(() => Number.NaN);
  const order = byValueThenWeight(values, weights);
  let total = 0;
  for (let index = 0; index < count; index++) total += weights[index]!;
  const positions = positionSpace.take(count);
  let before = 0;
  for (let rank = 0; rank < count; rank++) {
    const weight = weights[order[rank]!]!;
    positions[rank] = (before + weight / 2) / total;
    before += weight;
  }
  return probabilities.map((p) => {
    if (p <= positions[0]!) return values[order[0]!]!;
    if (p >= positions[count - 1]!) return values[order[count - 1]!]!;
    let rank = 0;
    while (positions[rank + 1]! < p) rank++;
    const lower = values[order[rank]!]!;
    const upper = values[order[rank + 1]!]!;
    const span = positions[rank + 1]! - positions[rank]!;
    return span === 0 ? upper : lower + ((p - positions[rank]!) / span) * (upper - lower);
  });
}

/** Room for the index below each value in a sort key: 2^20 values of up to 2^33 cents stay exact. */
const INDEX_SPAN = 2 ** 20;
const MAX_SORTED_VALUE = 2 ** 33;

/**
 * The indices of `values` (whole, non-negative numbers, such as cents) in order of value, ties lightest first.
 * Each value and its index make one number, value × 2^20 + index, so a typed array's native numeric sort
 * does the work; estimates sort a window of sales 53 times per slab for a collection's history, and a sort
 * with a comparison function took most of that time.
 */
function byValueThenWeight(values: ArrayLike<number>, weights: ArrayLike<number>): Uint32Array {
  const count = values.length;
  if (count > INDEX_SPAN) throw new RangeError(`At most ${INDEX_SPAN} values can be sorted`);
  const keys = keySpace.take(count);
  for (let index = 0; index < count; index++) {
    const value = values[index]!;
    if (!Number.isInteger(value) || value < 0 || value >= MAX_SORTED_VALUE) {
      throw new RangeError(`Quantiles are of whole cents below ${MAX_SORTED_VALUE}; got ${value}`);
    }
    keys[index] = value * INDEX_SPAN + index;
  }
  keys.sort();
  const order = orderSpace.take(count);
  for (let rank = 0; rank < count; rank++) order[rank] = keys[rank]! % INDEX_SPAN;
  // Equal values stand side by side; put each run of them in order of weight.
  for (let rank = 1; rank < count; rank++) {
    for (let at = rank; at > 0; at--) {
      const previous = order[at - 1]!;
      const current = order[at]!;
      if (values[previous] !== values[current] || weights[previous]! <= weights[current]!) break;
      order[at - 1] = current;
      order[at] = previous;
    }
  }
  return order;
}

/**
 * Finds the values of the given ranks (ascending) in values[from … to]: the middle rank first, then the
 * ranks below it among the values below it and those above among the values above, so each search covers a
 * smaller part.
 */
function selectRanks(
  values: Float64Array,
  ranks: readonly number[],
  from: number,
  to: number,
  found: Map<number, number>,
): void {
  if (ranks.length === 0) return;
  const middle = ranks.length >> 1;
  const rank = ranks[middle]!;
  found.set(rank, selectKth(values, rank, from, to));
  selectRanks(values, ranks.slice(0, middle), from, rank - 1, found);
  selectRanks(values, ranks.slice(middle + 1), rank + 1, to, found);
}

/**
 * The same definition with every weight 1, where position (k − ½) / n puts quantile p at rank p·n − ½. Only
 * the ranks asked for are found, by selection in a copy (selectRanks), not by sorting all values: a ladder asks five quantiles of each grade of a card
 * with tens of thousands of sales, after every change to them.
 */
export function quantiles(values: ArrayLike<number>, probabilities: readonly number[]): number[] {
  const count = values.length;
  if (count === 0) return probabilities.map(() => Number.NaN);
  const lowerRank = (p: number) => Math.min(count - 1, Math.max(0, Math.floor(p * count - 0.5)));
  const ranks = new Set<number>();
  for (const p of probabilities) {
    const lower = lowerRank(p);
    ranks.add(lower);
    if (lower + 1 < count) ranks.add(lower + 1);
  }
  const valueAt = new Map<number, number>();
  const copy = selectionSpace.take(count);
  copy.set(values);
  selectRanks(
    copy,
    [...ranks].sort((a, b) => a - b),
    0,
    count - 1,
    valueAt,
  );
  return probabilities.map((p) => {
    const rank = p * count - 0.5;
    if (rank <= 0) return valueAt.get(0)!;
    if (rank >= count - 1) return valueAt.get(count - 1)!;
    const lower = Math.floor(rank);
    const low = valueAt.get(lower)!;
    return low + (rank - lower) * (valueAt.get(lower + 1)! - low);
  });
}
