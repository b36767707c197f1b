/** A grader and grade as stored (either may be missing); one entry per distinct pair of a card's sales. */
interface GradeKey {
  grader: string | null;
  grade: number | null;
}

/**
 * Every sale of one card as parallel columns, newest first: what the statistics, the chart and the grade
 * filter read. Typed arrays, so a card with tens of thousands of sales is a few compact buffers and a
 * period is a view of them, not a copy.
 */
export interface CardSales {
  /** Price in cents. */
  prices: Float64Array;
  /** Sale instant, milliseconds since the epoch. */
  soldAt: Float64Array;
  /** Index into gradeKeys. */
  gradeCodes: Uint16Array;
  gradeKeys: readonly GradeKey[];
  /** 1 where the sale is flagged and excluded from statistics (sales.excluded), else 0. */
  excluded: Uint8Array;
}

/** The newest-first rows of a card, as the repository reads them. */
export interface CardSalesRows {
  prices: readonly number[];
  /** Milliseconds since the epoch. */
  soldAt: readonly number[];
  graders: readonly (string | null)[];
  grades: readonly (number | null)[];
  /** As the database hands it over: 0/1 on SQLite, false/true on PostgreSQL. */
  excluded: readonly (boolean | number)[];
}

/** What the analysis keeps of one sale. */
export interface SaleValues {
  price: number;
  soldAt: number;
  grader: string | null;
  grade: number | null;
  excluded: 0 | 1;
}

/** Missing first, so a grader or grade that is null sorts the same way everywhere. */
function compareNullable<T extends string | number>(a: T | null, b: T | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/**
 * The order of a card's columns: newest first, and sales of the same instant by price (highest first),
 * grader, grade and flag. The database orders ties by sale id, which the columns do not keep; this order
 * depends only on the values, so columns read whole and columns brought up to date change by change are
 * the same arrays, and give the same chart and statistics.
 */
export function compareSaleValues(a: SaleValues, b: SaleValues): number {
  return (
    b.soldAt - a.soldAt ||
    b.price - a.price ||
    compareNullable(a.grader, b.grader) ||
    compareNullable(a.grade, b.grade) ||
    a.excluded - b.excluded
  );
}

/** One sale of the columns. */
export function saleValuesAt(sales: CardSales, index: number): SaleValues {
  const key = sales.gradeKeys[sales.gradeCodes[index]!]!;
  return {
    price: sales.prices[index]!,
    soldAt: sales.soldAt[index]!,
    grader: key.grader,
    grade: key.grade,
    excluded: sales.excluded[index] === 1 ? 1 : 0,
  };
}

/**
 * Builds the columns from the rows in the order of compareSaleValues; grade codes are numbered in order of
 * first appearance, so equal sales give equal columns however they arrived.
 */
export function cardSalesFromRows(rows: CardSalesRows): CardSales {
  const count = rows.prices.length;
  const valueAt = (index: number): SaleValues => ({
    price: rows.prices[index]!,
    soldAt: rows.soldAt[index]!,
    grader: rows.graders[index] ?? null,
    grade: rows.grades[index] ?? null,
    excluded: rows.excluded[index] === true || rows.excluded[index] === 1 ? 1 : 0,
  });
  // The rows come newest first; only sales of the same instant need ordering among themselves.
  const order = Int32Array.from({ length: count }, (_, index) => index);
  for (let start = 0; start < count; ) {
    let end = start + 1;
    while (end < count && rows.soldAt[end] === rows.soldAt[start]) end++;
    if (end - start > 1) {
      order.subarray(start, end).sort((a, b) => compareSaleValues(valueAt(a), valueAt(b)));
    }
    start = end;
  }
  const prices = new Float64Array(count);
  const soldAt = new Float64Array(count);
  const gradeCodes = new Uint16Array(count);
  const excluded = new Uint8Array(count);
  const gradeKeys: GradeKey[] = [];
  const codes = new Map<string | null, Map<number | null, number>>();
  for (let index = 0; index < count; index++) {
    const row = order[index]!;
    const grader = rows.graders[row] ?? null;
    const grade = rows.grades[row] ?? null;
    let grades = codes.get(grader);
    if (!grades) {
      grades = new Map();
      codes.set(grader, grades);
    }
    let code = grades.get(grade);
    if (code === undefined) {
      code = gradeKeys.push({ grader, grade }) - 1;
      grades.set(grade, code);
    }
    prices[index] = rows.prices[row]!;
    soldAt[index] = rows.soldAt[row]!;
    gradeCodes[index] = code;
    excluded[index] = rows.excluded[row] === true || rows.excluded[row] === 1 ? 1 : 0;
  }
  return { prices, soldAt, gradeCodes, gradeKeys, excluded };
}

/** How many sales were sold at or after `instant`, found by bisection: the columns are newest first, so they lead. */
export function countSoldSince(sales: CardSales, instant: number): number {
  let low = 0;
  let high = sales.soldAt.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sales.soldAt[middle]! >= instant) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The sales at or after `since` (all of them when undefined): a newest-first prefix. */
export function salesSince(sales: CardSales, since: number | undefined): CardSales {
  if (since === undefined) return sales;
  const low = countSoldSince(sales, since);
  return {
    prices: sales.prices.subarray(0, low),
    soldAt: sales.soldAt.subarray(0, low),
    gradeCodes: sales.gradeCodes.subarray(0, low),
    gradeKeys: sales.gradeKeys,
    excluded: sales.excluded.subarray(0, low),
  };
}

/** Rough bytes a card's columns hold, to bound the memory of the store. */
export function cardSalesBytes(sales: CardSales): number {
  return (
    sales.prices.byteLength +
    sales.soldAt.byteLength +
    sales.gradeCodes.byteLength +
    sales.excluded.byteLength
  );
}
