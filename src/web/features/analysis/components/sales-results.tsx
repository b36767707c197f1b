import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { AnalysisResponse } from '#shared/schemas/sales.ts';
import { ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { AnalysisView, type AnalysisViewProps } from './analysis-view.tsx';

interface SalesResultsProps extends Omit<AnalysisViewProps, 'analysis' | 'updating'> {
  query: UseQueryResult<AnalysisResponse>;
}

/** The analysis of the current search in each of its states: loading, failed, or shown. */
export function SalesResults({ query, ...props }: SalesResultsProps) {
  // An answer arriving for a search draws in a deferred render, which React splits into short slices: drawn
  // in the query's own (urgent) update, statistics and table were one long task that held up a phone's main
  // thread. An answer already at hand when the results mount (Back to a search) draws at once, so the page
  // has its full height when its scroll position is restored; so does one replacing an answer on screen
  // (period, grade, page).
  const atHand = query.data !== undefined && !query.isFetchedAfterMount;
  const drawn = useDeferredValue(query.data !== undefined, atHand);
  if (query.isError)
    return <ErrorNotice message={query.error.message} onRetry={() => void query.refetch()} />;
  if (query.isPending || !drawn) return <Spinner label="Loading sales…" />;
  return <AnalysisView analysis={query.data} updating={query.isPlaceholderData} {...props} />;
}
