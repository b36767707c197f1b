import type { Card } from '#shared/catalogue.ts';
import { type Period, SALE_GRADERS } from '#shared/sales-constants.ts';
import { computeSalesStats } from '#shared/sales-stats.ts';
import type { AnalysisResponse } from '#shared/schemas/sales.ts';
import type { GradeFilter } from './analysis.repository.ts';
import { buildSeries } from './analysis-series.ts';
import type { CardSales } from './card-sales.ts';

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

/** The prices and instants of the sales that pass the filter, newest first. */
function filtered(sales: CardSales, filter: GradeFilter): { prices: Float64Array; soldAt: Float64Array } {
  if (filter.grader === undefined && filter.grade === undefined) return sales;
  const passes = sales.gradeKeys.map(
    ({ grader, grade }) =>
      (filter.grader === undefined || grader === filter.grader) &&
      (filter.grade === undefined || grade === filter.grade),
  );
  let count = 0;
  for (const code of sales.gradeCodes) if (passes[code]) count++;
  const prices = new Float64Array(count);
  const soldAt = new Float64Array(count);
  let kept = 0;
  sales.gradeCodes.forEach((code, index) => {
    if (!passes[code]) return;
    prices[kept] = sales.prices[index]!;
    soldAt[kept++] = sales.soldAt[index]!;
  });
  return { prices, soldAt };
}

/** Statistics, chart and grade options of a card's sales in a period (newest first), after the filter. */
export function summariseSales(
  card: Card,
  period: Period,
  sales: CardSales,
  filter: GradeFilter,
): AnalysisSummary {
  const { prices, soldAt } = filtered(sales, filter);
  return {
    cardName: card.searchName,
    cardNumber: card.number,
    rarity: card.rarity,
    cardId: card.cardId,
    setId: card.setId,
    imageUrl: card.imageUrl,
    period,
    stats: computeSalesStats(prices),
    series: buildSeries(prices, soldAt),
    gradeOptions: gradeOptionsOf(sales),
    total: prices.length,
  };
}
