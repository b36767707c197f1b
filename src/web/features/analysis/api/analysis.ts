import { skipToken, useQuery } from '@tanstack/react-query';
import type { Period, SaleGrader } from '#shared/sales-constants.ts';
import type { AnalysisResponse } from '#shared/schemas/sales.ts';
import type { SetId } from '#shared/sets.ts';
import { api, withQuery } from '#web/lib/api-client.ts';

export interface AnalysisParams {
  set: SetId;
  card: string;
  period: Period;
  grader: SaleGrader | null;
  grade: number | null;
  page: number;
  /** Count flagged, excluded sales too (docs/product.md §11). */
  includeFlagged: boolean;
}

function filterQuery(params: AnalysisParams) {
  return {
    set: params.set,
    card: params.card,
    period: params.period,
    grader: params.grader,
    grade: params.grade,
    includeFlagged: params.includeFlagged ? 'true' : undefined,
  };
}

function fetchAnalysis(params: AnalysisParams, signal?: AbortSignal): Promise<AnalysisResponse> {
  return api<AnalysisResponse>('/api/sales/analysis', {
    query: { ...filterQuery(params), page: params.page },
    signal,
  });
}

/** The same analysis as a CSV download: every sale of the filters, not just the shown page. */
export function analysisCsvUrl(params: AnalysisParams): string {
  return withQuery('/api/sales/analysis.csv', filterQuery(params));
}

function sameCard(a: AnalysisParams | undefined, b: AnalysisParams | null): boolean {
  return a !== undefined && b !== null && a.card === b.card && a.set === b.set;
}

/**
 * The analysis of the search in the URL (none when params is null). While a period, grade or page of the same
 * card loads, the previous answer stays on screen; a different card starts from a loading state.
 */
export function useAnalysis(params: AnalysisParams | null) {
  return useQuery({
    queryKey: ['sales', 'analysis', params] as const,
    queryFn: params === null ? skipToken : ({ signal }) => fetchAnalysis(params, signal),
    placeholderData: (previous, previousQuery) =>
      sameCard(previousQuery?.queryKey[2] ?? undefined, params) ? previous : undefined,
  });
}
