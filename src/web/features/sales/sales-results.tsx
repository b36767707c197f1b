import type { UseQueryResult } from '@tanstack/react-query';
import type { AnalysisResponse } from '#shared/schemas/sales.ts';
import { ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { AnalysisView, type AnalysisViewProps } from './analysis-view.tsx';

interface SalesResultsProps extends Omit<AnalysisViewProps, 'analysis' | 'updating'> {
  query: UseQueryResult<AnalysisResponse>;
}

/** The analysis of the current search in each of its states: loading, failed, or shown. */
export function SalesResults({ query, ...props }: SalesResultsProps) {
  if (query.isPending) return <Spinner label="Loading sales…" />;
  if (query.isError)
    return <ErrorNotice message={query.error.message} onRetry={() => void query.refetch()} />;
  return <AnalysisView analysis={query.data} updating={query.isPlaceholderData} {...props} />;
}
