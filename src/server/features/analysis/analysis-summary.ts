import type { Card } from '#shared/catalogue.ts';
import { type Period, SALE_GRADERS } from '#shared/sales-constants.ts';
import { computeSalesStats } from '#shared/sales-stats.ts';
import type { AnalysisResponse, Series } from '#shared/schemas/sales.ts';
import { WorkingSpace } from '#shared/working-space.ts';
import type { CardSales } from '../../sales/columns/card-sales.ts';
import type { GradeFilter } from './analysis.repository.ts';
import { buildSeries } from './analysis-series.ts';

/** Everything of an analysis except the page of sales: the same for every page, so computed once. */
export type AnalysisSummary = Omit<AnalysisResponse, 'sales' | 'page' | 'pageSize'>;

type GradeOption = AnalysisResponse['gradeOptions'][number];

function graderRank(grader: string): number {
  const rank = (SALE_GRADERS as readonly string[]).indexOf(grader);
  return rank < 0 ? SALE_GRADERS.length : rank;
}

/** Known graders in SALE_GRADERS order (PSA first), any other after them by name; grades high to low. */
export function byGraderAndGrade(
  a: { grader: string; grade: number },
  b: { grader: string; grade: number },
): number {
  return graderRank(a.grader) - graderRank(b.grader) || a.grader.localeCompare(b.grader) || b.grade - a.grade;
}

/**
 * How many sales have each grade code. The loops over a card's columns are plain indexed loops: a callback
 * per sale (`forEach`) costs several times as much over tens of thousands of sales.
 */
function codeCounts(gradeCodes: Uint16Array, codes: number): Uint32Array {
  const counts = new Uint32Array(codes);
  for (let index = 0; index < gradeCodes.length; index++) counts[gradeCodes[index]!]!++;
  return counts;
}

/**
 * The grade filter's options: every stored grader and grade pair of the period, with how many of its sales
 * count in the figures, as the ladder counts them (flagged sales only with includeFlagged); the filter
 * itself does not narrow them. In byGraderAndGrade order.
 */
function gradeOptionsOf(sales: CardSales, includeFlagged: boolean): GradeOption[] {
  const codes = sales.gradeKeys.length;
  const listed = codeCounts(sales.gradeCodes, codes);
  const counted = includeFlagged ? listed : new Uint32Array(codes);
  if (!includeFlagged) {
    for (let index = 0; index < sales.gradeCodes.length; index++) {
      if (sales.excluded[index] === 0) counted[sales.gradeCodes[index]!]!++;
    }
  }
  const options: GradeOption[] = [];
  sales.gradeKeys.forEach(({ grader, grade }, code) => {
    if (grader !== null && grade !== null && listed[code]! > 0)
      options.push({ grader, grade, count: counted[code]! });
  });
  return options.sort(byGraderAndGrade);
}

interface FilteredSales {
  prices: Float64Array;
  soldAt: Float64Array;
  gradeCodes: Uint16Array;
}

/**
 * Working space for columns taken from a card's columns, kept between calls. A large card's columns are
 * about a megabyte; a fresh copy for every analysis would be garbage whose collection shows in the slowest
 * answers. A summary is computed synchronously and keeps only values, never these arrays.
 */
class WorkingColumns {
  private readonly prices = new WorkingSpace((length) => new Float64Array(length));
  private readonly soldAt = new WorkingSpace((length) => new Float64Array(length));
  private readonly gradeCodes = new WorkingSpace((length) => new Uint16Array(length));

  /** The first `count` places (valid until the next summary). */
  take(count: number): FilteredSales {
    return {
      prices: this.prices.take(count),
      soldAt: this.soldAt.take(count),
      gradeCodes: this.gradeCodes.take(count),
    };
  }
}

/** The sales that pass the filter. */
const passingSpace = new WorkingColumns();

/**
 * The prices, instants and grade codes of the sales that pass the filter and count (flagged sales only with
 * includeFlagged, docs/product.md §11), newest first, in the working space unless every sale passes;
 * `listed` counts every sale that passes the filter and `excluded` the flagged ones among them.
 */
function filtered(
  sales: CardSales,
  filter: GradeFilter,
  includeFlagged: boolean,
): FilteredSales & { listed: number; excluded: number } {
  const passes = sales.gradeKeys.map(
    ({ grader, grade }) =>
      (filter.grader === undefined || grader === filter.grader) &&
      (filter.grade === undefined || grade === filter.grade),
  );
  const count = sales.gradeCodes.length;
  let listed = 0;
  let excluded = 0;
  for (let index = 0; index < count; index++) {
    if (!passes[sales.gradeCodes[index]!]) continue;
    listed++;
    excluded += sales.excluded[index]!;
  }
  if (listed === sales.prices.length && (excluded === 0 || includeFlagged)) {
    return { ...sales, listed, excluded };
  }
  const { prices, soldAt, gradeCodes } = passingSpace.take(includeFlagged ? listed : listed - excluded);
  let kept = 0;
  for (let index = 0; index < count; index++) {
    const code = sales.gradeCodes[index]!;
    if (!passes[code] || (!includeFlagged && sales.excluded[index] === 1)) continue;
    prices[kept] = sales.prices[index]!;
    gradeCodes[kept] = code;
    soldAt[kept++] = sales.soldAt[index]!;
  }
  return { prices, soldAt, gradeCodes, listed, excluded };
}

/** How many grades get a line of their own on the chart, and how many points each line has at most. */
const GRADE_LINES = 3;
const GRADE_LINE_POINTS = 200;

/** Each grade line's sales. */
const lineSpaces = Array.from({ length: GRADE_LINES }, () => new WorkingColumns());

/**
 * The grade codes of the chart's grade lines: the first GRADE_LINES grades in ladder order (byGraderAndGrade)
 * with at least two sales (`counts`, by grade code), enough for a line.
 */
function gradeLineCodes(counts: Uint32Array, gradeKeys: CardSales['gradeKeys']): number[] {
  return gradeKeys
    .map((key, code) => ({ ...key, code }))
    .filter(
      (key): key is { grader: string; grade: number; code: number } =>
        key.grader !== null && key.grade !== null && counts[key.code]! >= 2,
    )
    .sort(byGraderAndGrade)
    .slice(0, GRADE_LINES)
    .map((key) => key.code);
}

/** The chart's series, with a rolling median of each top grade's own sales and each point's grade line. */
function seriesOf(sales: FilteredSales, gradeKeys: CardSales['gradeKeys']): Series {
  const counts = codeCounts(sales.gradeCodes, gradeKeys.length);
  const codes = gradeLineCodes(counts, gradeKeys);
  const lineOfCode = new Int8Array(gradeKeys.length).fill(-1);
  codes.forEach((code, line) => {
    lineOfCode[code] = line;
  });
  // Each line's sales, newest first, gathered in one pass over the sales.
  const lines = codes.map((code, line) => lineSpaces[line]!.take(counts[code]!));
  const filled = new Uint32Array(codes.length);
  for (let index = 0; index < sales.gradeCodes.length; index++) {
    const line = lineOfCode[sales.gradeCodes[index]!]!;
    if (line < 0) continue;
    const at = filled[line]!++;
    lines[line]!.prices[at] = sales.prices[index]!;
    lines[line]!.soldAt[at] = sales.soldAt[index]!;
  }
  const gradeLines = codes.map((code, line) => {
    const { grader, grade } = gradeKeys[code]!;
    const { prices, soldAt } = lines[line]!;
    return {
      grader: grader ?? '',
      grade: grade ?? 0,
      median: buildSeries(prices, soldAt, GRADE_LINE_POINTS).median,
    };
  });
  const lineOf = (position: number) => lineOfCode[sales.gradeCodes[position]!]!;
  return { ...buildSeries(sales.prices, sales.soldAt, undefined, lineOf), gradeLines };
}

/** Statistics, chart and grade options of a card's sales in a period (newest first), after the filter. */
export function summariseSales(
  card: Card,
  period: Period,
  sales: CardSales,
  filter: GradeFilter,
  includeFlagged: boolean,
): AnalysisSummary {
  const passing = filtered(sales, filter, includeFlagged);
  return {
    cardName: card.searchName,
    cardNumber: card.number,
    rarity: card.rarity,
    cardId: card.cardId,
    setId: card.setId,
    imageUrl: card.imageUrl,
    period,
    includeFlagged,
    stats: {
      ...computeSalesStats(passing.prices),
      lastSaleDate: passing.prices.length > 0 ? new Date(passing.soldAt[0]!).toISOString() : null,
      excludedCount: passing.excluded,
    },
    series: seriesOf(passing, sales.gradeKeys),
    gradeOptions: gradeOptionsOf(sales, includeFlagged),
    total: passing.listed,
  };
}
