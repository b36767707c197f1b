/** Items bound to one statement at most, well under both databases' limits on bound parameters. */
const ITEMS_PER_STATEMENT = 500;

/** The items in parts of at most `size`, a statement each. */
export function chunks<T>(items: readonly T[], size = ITEMS_PER_STATEMENT): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += size) parts.push(items.slice(start, start + size));
  return parts;
}

/**
 * The rows of one statement over several look-ups, each row with the index `at` of the look-up it answers,
 * as one list per look-up, in the order the statement returned them.
 */
export function rowsByLookUp<T extends { at: number }>(count: number, rows: readonly T[]): Omit<T, 'at'>[][] {
  const lists: Omit<T, 'at'>[][] = Array.from({ length: count }, () => []);
  for (const { at, ...row } of rows) lists[Number(at)]!.push(row);
  return lists;
}
