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

export function cardSalesFromRows(rows: CardSalesRows): CardSales {
  const count = rows.prices.length;
  const gradeCodes = new Uint16Array(count);
  const gradeKeys: GradeKey[] = [];
  const codes = new Map<string | null, Map<number | null, number>>();
  for (let index = 0; index < count; index++) {
    const grader = rows.graders[index] ?? null;
    const grade = rows.grades[index] ?? null;
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
    gradeCodes[index] = code;
  }
  return {
    prices: Float64Array.from(rows.prices),
    soldAt: Float64Array.from(rows.soldAt),
    gradeCodes,
    gradeKeys,
    excluded: Uint8Array.from(rows.excluded, (value) => (value === true || value === 1 ? 1 : 0)),
  };
}

/** The sales at or after `since` (all of them when undefined): a newest-first prefix, found by bisection. */
export function salesSince(sales: CardSales, since: number | undefined): CardSales {
  if (since === undefined) return sales;
  let low = 0;
  let high = sales.soldAt.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sales.soldAt[middle]! >= since) low = middle + 1;
    else high = middle;
  }
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
