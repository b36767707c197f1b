import type { Card } from '#shared/catalogue.ts';
import { type Period, SALE_GRADERS } from '#shared/sales-constants.ts';
import { computeSalesStats } from '#shared/sales-stats.ts';
import type { AnalysisResponse } from '#shared/schemas/sales.ts';
import { buildSeries } from './analysis-series.ts';
import type { GradeFilter, PeriodSales } from './sales.repository.ts';

/** Everything of an analysis except the page of sales: the same for every page, so computed once. */
export type AnalysisSummary = Omit<AnalysisResponse, 'sales' | 'page' | 'pageSize'>;

type GradeOption = AnalysisResponse['gradeOptions'][number];

function graderRank(grader: string): number {
  const rank = (SALE_GRADERS as readonly string[]).indexOf(grader);
  return rank < 0 ? SALE_GRADERS.length : rank;
}

/** Known graders in SALE_GRADERS order (PSA first), any other after them by name; grades high to low. */
function sortGradeOptions(counts: Map<string, Map<number, number>>): GradeOption[] {
  const options: GradeOption[] = [];
  for (const [grader, grades] of counts) {
    for (const [grade, count] of grades) options.push({ grader, grade, count });
  }
  return options.sort(
    (a, b) =>
      graderRank(a.grader) - graderRank(b.grader) || a.grader.localeCompare(b.grader) || b.grade - a.grade,
  );
}

/**
 * One pass over the period's sales: counts every grader and grade (for the filter, so it ignores the
 * filter) and keeps the prices and instants of the sales that pass the filter.
 */
function selectSales(period: PeriodSales, filter: GradeFilter) {
  const unfiltered = filter.grader === undefined && filter.grade === undefined;
  const prices: number[] = unfiltered ? period.prices : [];
  const soldAt: string[] = unfiltered ? period.soldAt : [];
  const gradeCounts = new Map<string, Map<number, number>>();
  for (let index = 0; index < period.prices.length; index++) {
    const grader = period.graders[index] ?? null;
    const grade = period.grades[index] ?? null;
    if (grader !== null && grade !== null) {
      const grades = gradeCounts.get(grader) ?? new Map<number, number>();
      grades.set(grade, (grades.get(grade) ?? 0) + 1);
      gradeCounts.set(grader, grades);
    }
    if (unfiltered) continue;
    if (filter.grader !== undefined && grader !== filter.grader) continue;
    if (filter.grade !== undefined && grade !== filter.grade) continue;
    prices.push(period.prices[index]!);
    soldAt.push(period.soldAt[index]!);
  }
  return { prices, soldAt, gradeCounts };
}

/** Statistics, chart and grade options of a card's sales in a period (newest first), after the filter. */
export function summariseSales(
  card: Card,
  period: Period,
  sales: PeriodSales,
  filter: GradeFilter,
): AnalysisSummary {
  const { prices, soldAt, gradeCounts } = selectSales(sales, filter);
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
    gradeOptions: sortGradeOptions(gradeCounts),
    total: prices.length,
  };
}
