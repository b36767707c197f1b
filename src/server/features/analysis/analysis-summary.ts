import type { Card } from '#shared/catalogue.ts';
import { type Period, SALE_GRADERS } from '#shared/sales-constants.ts';
import { computeSalesStats } from '#shared/sales-stats.ts';
import type { AnalysisResponse, Series } from '#shared/schemas/sales.ts';
import type { CardSales } from '../../sales/card-sales/card-sales.ts';
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
 * The grade filter's options: every stored grader and grade pair of the period with its count (the filter
 * itself does not narrow them), in byGraderAndGrade order.
 */
function gradeOptionsOf(sales: CardSales): GradeOption[] {
  const counts = new Uint32Array(sales.gradeKeys.length);
  for (const code of sales.gradeCodes) counts[code]!++;
  const options: GradeOption[] = [];
  sales.gradeKeys.forEach(({ grader, grade }, code) => {
    if (grader !== null && grade !== null && counts[code]! > 0)
      options.push({ grader, grade, count: counts[code]! });
  });
  return options.sort(byGraderAndGrade);
}

interface FilteredSales {
  prices: Float64Array;
  soldAt: Float64Array;
  gradeCodes: Uint16Array;
}

/**
 * The prices, instants and grade codes of the sales that pass the filter and count (flagged sales only with
 * includeFlagged, docs/product.md §11), newest first; `listed` counts every sale that passes the filter
 * and `excluded` the flagged ones among them.
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
  let listed = 0;
  let excluded = 0;
  sales.gradeCodes.forEach((code, index) => {
    if (!passes[code]) return;
    listed++;
    excluded += sales.excluded[index]!;
  });
  if (listed === sales.prices.length && (excluded === 0 || includeFlagged)) {
    return { ...sales, listed, excluded };
  }
  const count = includeFlagged ? listed : listed - excluded;
  const prices = new Float64Array(count);
  const soldAt = new Float64Array(count);
  const gradeCodes = new Uint16Array(count);
  let kept = 0;
  sales.gradeCodes.forEach((code, index) => {
    if (!passes[code] || (!includeFlagged && sales.excluded[index] === 1)) return;
    prices[kept] = sales.prices[index]!;
    gradeCodes[kept] = code;
    soldAt[kept++] = sales.soldAt[index]!;
  });
  return { prices, soldAt, gradeCodes, listed, excluded };
}

/** How many grades get a line of their own on the chart, and how many points each line has at most. */
const GRADE_LINES = 3;
const GRADE_LINE_POINTS = 200;

/**
 * The grade codes of the chart's grade lines: the first GRADE_LINES grades in ladder order (byGraderAndGrade)
 * with at least two sales, enough for a line.
 */
function gradeLineCodes(sales: FilteredSales, gradeKeys: CardSales['gradeKeys']): number[] {
  const counts = new Uint32Array(gradeKeys.length);
  for (const code of sales.gradeCodes) counts[code]!++;
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
  const codes = gradeLineCodes(sales, gradeKeys);
  const lineOfCode = new Map(codes.map((code, line) => [code, line]));
  const gradeLines = codes.map((code) => {
    const prices: number[] = [];
    const soldAt: number[] = [];
    sales.gradeCodes.forEach((saleCode, index) => {
      if (saleCode !== code) return;
      prices.push(sales.prices[index]!);
      soldAt.push(sales.soldAt[index]!);
    });
    const { grader, grade } = gradeKeys[code]!;
    return {
      grader: grader ?? '',
      grade: grade ?? 0,
      median: buildSeries(prices, soldAt, GRADE_LINE_POINTS).median,
    };
  });
  const lineOf = (position: number) => lineOfCode.get(sales.gradeCodes[position]!) ?? -1;
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
    stats: { ...computeSalesStats(passing.prices), excludedCount: passing.excluded },
    series: seriesOf(passing, sales.gradeKeys),
    gradeOptions: gradeOptionsOf(sales),
    total: passing.listed,
  };
}
