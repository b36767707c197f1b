// The home page's search and its results, composed of the search, analysis, sourcing and consignment features;
// home.tsx loads this module on demand.
import { lazy, Suspense } from 'react';
import { Spinner } from '#web/components/ui/states.tsx';
import { useSession } from '#web/features/accounts/api/session.ts';
import { LoginButton } from '#web/features/accounts/components/login-button.tsx';
import { type AnalysisParams, useAnalysis } from '#web/features/analysis/api/analysis.ts';
import { ModeSelector } from '#web/features/search/components/mode-selector.tsx';
import { SearchBox } from '#web/features/search/components/search-box.tsx';
import { MODE_HELPER_TEXT, type SearchState } from '#web/features/search/search-state.ts';
import { useSearchState } from '#web/features/search/use-search-state.ts';

// Consign's agents come in this chunk rather than one of their own, so switching to Consign shows them at once.
export { ConsignAgents } from '#web/features/consignment/components/consign-agents.tsx';

// The analysis view downloads (beside its data) only once there is a search, keeping the first visit light.
const SalesResults = lazy(() =>
  import('#web/features/analysis/components/sales-results.tsx').then((module) => ({
    default: module.SalesResults,
  })),
);
// Watch (with its form's rules) and the demand line, too, only once there is a search.
const WatchButton = lazy(() =>
  import('#web/features/watches/components/watch-button.tsx').then((module) => ({
    default: module.WatchButton,
  })),
);
const CardDemand = lazy(() =>
  import('#web/features/demand/components/card-demand.tsx').then((module) => ({
    default: module.CardDemand,
  })),
);
const CollectorsList = lazy(() =>
  import('#web/features/sourcing/components/collectors-list.tsx').then((module) => ({
    default: module.CollectorsList,
  })),
);

function analysisParams(state: SearchState): AnalysisParams | null {
  if (state.card === null || state.mode === 'source') return null;
  const { set, card, period, grader, grade, page, includeFlagged } = state;
  return { set, card, period, grader, grade, page, includeFlagged };
}

/** Under the home page's heading: the mode, its helper text and the search box. */
export function SearchControls() {
  const { state, search, setMode, clear } = useSearchState();
  const analysis = useAnalysis(analysisParams(state));
  return (
    <>
      <ModeSelector value={state.mode} onChange={setMode} />
      <p className="text-sm font-medium text-slate-700">{MODE_HELPER_TEXT[state.mode]}</p>
      <SearchBox
        card={state.card}
        set={state.set}
        busy={analysis.isPending && analysis.isFetching}
        onSearch={search}
        onClear={clear}
      />
    </>
  );
}

/**
 * Once a card is searched: its sales analysis (Analyse, Consign) with Watch, or its collectors (Source); how
 * many collectors want the card above either (docs/product.md §10).
 */
export function SearchResults() {
  const { state, setPeriod, setGrade, setPage, setIncludeFlagged } = useSearchState();
  const { user } = useSession();
  const params = analysisParams(state);
  const analysis = useAnalysis(params);
  return (
    <>
      {state.mode === 'source' && state.card !== null ? (
        <>
          <Suspense fallback={null}>
            <CardDemand set={state.set} card={state.card} />
          </Suspense>
          <Suspense fallback={<Spinner label="Finding collectors…" />}>
            <CollectorsList set={state.set} card={state.card} page={state.page} onPageChange={setPage} />
          </Suspense>
        </>
      ) : null}
      {params ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Suspense fallback={null}>
            <CardDemand set={params.set} card={params.card} />
            {/* Only a catalogue card can be watched. */}
            {analysis.data?.cardId ? (
              <WatchButton
                target={{ set: params.set, card: params.card, grader: params.grader, grade: params.grade }}
                signedIn={user !== null}
                loginButton={<LoginButton />}
              />
            ) : null}
          </Suspense>
        </div>
      ) : null}
      {params ? (
        <Suspense fallback={<Spinner label="Loading sales…" />}>
          <SalesResults
            query={analysis}
            params={params}
            onPeriodChange={setPeriod}
            onGradeChange={setGrade}
            onPageChange={setPage}
            onIncludeFlaggedChange={setIncludeFlagged}
          />
        </Suspense>
      ) : null}
    </>
  );
}
