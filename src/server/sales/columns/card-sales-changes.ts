import { type CardSales, compareSaleValues, type SaleValues, saleValuesAt } from './card-sales.ts';
import { ColumnSpace } from './column-space.ts';

/** A sale that a change added to the card (1) or took from it (-1), as the change log has it. */
export interface SaleChange extends SaleValues {
  change: 1 | -1;
}

function keyOf(sale: SaleValues): string {
  return `${sale.soldAt}|${sale.price}|${sale.grader ?? '\u0000'}|${sale.grade ?? ''}|${sale.excluded}`;
}

/** The first index whose sale is at or before `soldAt` (the columns are newest first). */
function firstAtOrBefore(sales: CardSales, soldAt: number): number {
  let low = 0;
  let high = sales.soldAt.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sales.soldAt[middle]! > soldAt) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Marks one not yet removed sale with these values; false when the columns hold none. */
function markRemoved(sales: CardSales, removed: Set<number>, sale: SaleValues): boolean {
  for (let index = firstAtOrBefore(sales, sale.soldAt); sales.soldAt[index] === sale.soldAt; index++) {
    if (!removed.has(index) && compareSaleValues(saleValuesAt(sales, index), sale) === 0) {
      removed.add(index);
      return true;
    }
  }
  return false;
}

/** Where a sale goes in the columns: after every sale that sorts before it or equal to it. */
function insertionPoint(sales: CardSales, sale: SaleValues): number {
  let index = firstAtOrBefore(sales, sale.soldAt);
  while (
    index < sales.soldAt.length &&
    sales.soldAt[index] === sale.soldAt &&
    compareSaleValues(saleValuesAt(sales, index), sale) <= 0
  ) {
    index++;
  }
  return index;
}

/** Numbers the grade codes by first appearance again (as reading the card whole does), dropping unused ones. */
function renumberGrades(gradeCodes: Uint16Array, gradeKeys: CardSales['gradeKeys']): CardSales['gradeKeys'] {
  const renumbered = new Int32Array(gradeKeys.length).fill(-1);
  let next = 0;
  let unchanged = true;
  for (const code of gradeCodes) {
    if (renumbered[code] === -1) {
      if (code !== next) unchanged = false;
      renumbered[code] = next++;
    }
  }
  if (unchanged && next === gradeKeys.length) return gradeKeys;
  const keys: CardSales['gradeKeys'][number][] = new Array(next);
  renumbered.forEach((to, from) => {
    if (to >= 0) keys[to] = gradeKeys[from]!;
  });
  for (let index = 0; index < gradeCodes.length; index++) gradeCodes[index] = renumbered[gradeCodes[index]!]!;
  return keys;
}

/** Each set of values the changes hold, with how many sales of it they add (less those they take). */
function netChanges(changes: readonly SaleChange[]): { sale: SaleValues; count: number }[] {
  // Additions only (an import's own sales): nothing cancels, so no set of values needs a key.
  if (changes.every((change) => change.change === 1)) return changes.map((sale) => ({ sale, count: 1 }));
  const net = new Map<string, { sale: SaleValues; count: number }>();
  for (const change of changes) {
    const key = keyOf(change);
    const entry = net.get(key);
    if (entry) entry.count += change.change;
    else net.set(key, { sale: change, count: change.change });
  }
  return [...net.values()];
}

/**
 * The columns after the changes, in arrays of their own taken from `space` (requests still computing from
 * the old ones keep them intact), in the same order and with the same grade codes as reading the card whole would give. Sales
 * with equal values are interchangeable, so a removal takes any one of them and only the net count of
 * each set of values matters: a sale added and removed again among the changes is no work. The kept runs
 * of the old columns are copied as blocks. Undefined when a removal finds no such sale, which means the
 * columns and the log disagree; the caller reads the card whole then.
 */
export function applySalesChanges(
  sales: CardSales,
  changes: readonly SaleChange[],
  space: ColumnSpace = new ColumnSpace(),
): CardSales | undefined {
  const net = netChanges(changes);
  const size = sales.prices.length;
  const removed = new Set<number>();
  const added: SaleValues[] = [];
  for (const { sale, count } of net) {
    for (let left = count; left < 0; left++) {
      if (!markRemoved(sales, removed, sale)) return undefined;
    }
    for (let left = count; left > 0; left--) added.push(sale);
  }
  added.sort(compareSaleValues);

  const gradeKeys = [...sales.gradeKeys];
  const codes = new Map(gradeKeys.map((key, code) => [gradeKeyOf(key.grader, key.grade), code]));
  const codeOf = (sale: SaleValues): number => {
    const key = gradeKeyOf(sale.grader, sale.grade);
    let code = codes.get(key);
    if (code === undefined) {
      code = gradeKeys.push({ grader: sale.grader, grade: sale.grade }) - 1;
      codes.set(key, code);
    }
    return code;
  };

  const { prices, soldAt, gradeCodes, excluded } = space.take(size - removed.size + added.length);
  // The same property order as columns read whole, so code reading either sees one object shape.
  const next: CardSales = { prices, soldAt, gradeCodes, gradeKeys, excluded };
  const removedInOrder = [...removed].sort((a, b) => a - b);
  let nextRemoved = 0;
  let written = 0;
  let read = 0;
  const copyUntil = (end: number) => {
    while (read < end) {
      if (read === removedInOrder[nextRemoved]) {
        read++;
        nextRemoved++;
        continue;
      }
      const runEnd = Math.min(end, removedInOrder[nextRemoved] ?? end);
      next.prices.set(sales.prices.subarray(read, runEnd), written);
      next.soldAt.set(sales.soldAt.subarray(read, runEnd), written);
      next.gradeCodes.set(sales.gradeCodes.subarray(read, runEnd), written);
      next.excluded.set(sales.excluded.subarray(read, runEnd), written);
      written += runEnd - read;
      read = runEnd;
    }
  };
  for (const sale of added) {
    copyUntil(insertionPoint(sales, sale));
    next.prices[written] = sale.price;
    next.soldAt[written] = sale.soldAt;
    next.gradeCodes[written] = codeOf(sale);
    next.excluded[written] = sale.excluded;
    written++;
  }
  copyUntil(size);
  const result = { ...next, gradeKeys: renumberGrades(next.gradeCodes, gradeKeys) };
  const changed = new Map<string, ChangedGrade>();
  for (const { sale, count } of net) {
    if (count !== 0) noteChange(changed, sale.grader, sale.grade, sale.soldAt);
  }
  derivations.set(result, { previous: new WeakRef(sales), changed });
  return result;
}

/** A grader and grade as one string, for maps keyed by grade. */
export function gradeKeyOf(grader: string | null, grade: number | null): string {
  return `${grader ?? '\u0000'}|${grade ?? ''}`;
}

/** A grade whose sales changed, and the earliest sale instant among its changes. */
export interface ChangedGrade {
  grader: string | null;
  grade: number | null;
  from: number;
}

function noteChange(
  changed: Map<string, ChangedGrade>,
  grader: string | null,
  grade: number | null,
  from: number,
): void {
  const key = gradeKeyOf(grader, grade);
  const known = changed.get(key);
  if (known) known.from = Math.min(known.from, from);
  else changed.set(key, { grader, grade, from });
}

/**
 * How a card's columns came from earlier ones: the grades whose sales changed, by gradeKeyOf. The earlier
 * columns are held weakly, so versions of a card do not keep each other alive.
 */
interface Derivation {
  previous: WeakRef<CardSales>;
  changed: ReadonlyMap<string, ChangedGrade>;
}

const derivations = new WeakMap<CardSales, Derivation>();

/** How many versions back `earlierColumns` follows: a held card's columns change a few at a time. */
const MAX_VERSIONS_BACK = 16;

/**
 * The columns `sales` was brought up to date from, newest first, each with what changed between it and
 * `sales`: the grades whose sales changed (by gradeKeyOf), each with the earliest instant of a changed
 * sale. A grade not in the map has the same sales in both. Stops at columns read whole, at columns no longer held in memory, and after
 * MAX_VERSIONS_BACK versions. Work computed from earlier columns can be kept for the grades that did not
 * change, and for the instants before the earliest change.
 */
export function* earlierColumns(
  sales: CardSales,
): Generator<{ columns: CardSales; changed: ReadonlyMap<string, ChangedGrade> }> {
  const changed = new Map<string, ChangedGrade>();
  let current = sales;
  for (let step = 0; step < MAX_VERSIONS_BACK; step++) {
    const derivation = derivations.get(current);
    const previous = derivation?.previous.deref();
    if (!derivation || !previous) return;
    for (const { grader, grade, from } of derivation.changed.values())
      noteChange(changed, grader, grade, from);
    yield { columns: previous, changed };
    current = previous;
  }
}
