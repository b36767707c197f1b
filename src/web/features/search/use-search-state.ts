import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { GradeChoice, Period } from '#shared/sales-constants.ts';
import type { SetId } from '#shared/sets.ts';
import { type Mode, parseSearchState, type SearchState, searchStateToParams } from './search-state.ts';

/**
 * The home page's state lives in its URL. A new search or mode adds a history entry (Back returns to the
 * previous search); refining the shown search (period, grade, page) replaces it.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchState(params), [params]);

  return useMemo(() => {
    const go = (next: SearchState, refine: boolean) =>
      setParams(searchStateToParams(next), { replace: refine, preventScrollReset: refine });
    return {
      state,
      search: (card: string, set: SetId) =>
        go(
          { ...state, card, set, period: 'all', grader: null, grade: null, page: 1, includeFlagged: false },
          false,
        ),
      setMode: (mode: Mode) => go({ ...state, mode }, false),
      setPeriod: (period: Period) => go({ ...state, period, page: 1 }, true),
      setGrade: (choice: GradeChoice | null) =>
        go({ ...state, grader: choice?.grader ?? null, grade: choice?.grade ?? null, page: 1 }, true),
      setPage: (page: number) => go({ ...state, page }, true),
      setIncludeFlagged: (includeFlagged: boolean) => go({ ...state, includeFlagged, page: 1 }, true),
      clear: () => setParams(new URLSearchParams({ mode: state.mode })),
    };
  }, [state, setParams]);
}
