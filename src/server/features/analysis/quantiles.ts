/**
 * Quantiles of prices, weighted or not, by one definition (docs/product.md §3, decision 017): the values are
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
  const order = Array.from({ length: count }, (_, index) => index).sort(
    (a, b) => values[a]! - values[b]! || weights[a]! - weights[b]!,
  );
  let total = 0;
  for (let index = 0; index < count; index++) total += weights[index]!;
  const positions = new Float64Array(count);
  let before = 0;
  order.forEach((index, rank) => {
    positions[rank] = (before + weights[index]! / 2) / total;
    before += weights[index]!;
  });
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

/**
 * The same definition with every weight 1, where position (k − ½) / n puts quantile p at rank p·n − ½: a
 * numeric sort of a copy, without the weighted version's index sort, for the ladder's large cohorts.
 */
export function quantiles(values: ArrayLike<number>, probabilities: readonly number[]): number[] {
  const count = values.length;
  if (count === 0) return probabilities.map(() => Number.NaN);
  const sorted = Float64Array.from(values).sort();
  return probabilities.map((p) => {
    const rank = p * count - 0.5;
    if (rank <= 0) return sorted[0]!;
    if (rank >= count - 1) return sorted[count - 1]!;
    const lower = Math.floor(rank);
    return sorted[lower]! + (rank - lower) * (sorted[lower + 1]! - sorted[lower]!);
  });
}
