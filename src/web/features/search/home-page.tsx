import { lazy, Suspense } from 'react';
import { Spinner } from '#web/components/ui/states.tsx';
import { type AnalysisParams, useAnalysis } from '../sales/api/analysis.ts';
import { ConsignAgents } from './consign-agents.tsx';
import { ModeSelector } from './mode-selector.tsx';
import { SearchBox } from './search-box.tsx';
import { MODE_HELPER_TEXT, type SearchState } from './search-state.ts';
import { useSearchState } from './use-search-state.ts';

// The analysis view downloads (beside its data) only once there is a search, keeping the first visit light.
const SalesResults = lazy(() =>
  import('../sales/sales-results.tsx').then((module) => ({ default: module.SalesResults })),
);
const CollectorsList = lazy(() =>
  import('../sourcing/collectors-list.tsx').then((module) => ({ default: module.CollectorsList })),
);

function analysisParams(state: SearchState): AnalysisParams | null {
  if (state.card === null || state.mode === 'source') return null;
  const { set, card, period, grader, grade, page } = state;
  return { set, card, period, grader, grade, page };
}

/** SPEC.md §2 home: mode, search and, once searched, the sales analysis (Analyse, Consign) of the card. */
export function HomePage() {
  const { state, search, setMode, setPeriod, setGrade, setPage, clear } = useSearchState();
  const params = analysisParams(state);
  const analysis = useAnalysis(params);
  const consign = state.mode === 'consign';

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:px-6 sm:py-10">
      <div className={consign ? 'grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]' : ''}>
        <section aria-labelledby="home-title" className="max-w-3xl space-y-4">
          <div>
            <h1 id="home-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
              Holoscope
            </h1>
            <p className="mt-1 text-slate-600">Graded vintage card prices and the collectors who own them.</p>
          </div>
          <ModeSelector value={state.mode} onChange={setMode} />
          <p className="text-sm font-medium text-slate-700">{MODE_HELPER_TEXT[state.mode]}</p>
          <SearchBox
            card={state.card}
            set={state.set}
            busy={analysis.isPending && analysis.isFetching}
            onSearch={search}
            onClear={clear}
          />
        </section>
        {consign ? <ConsignAgents /> : null}
      </div>
      {/* Room for results before they arrive, so the page below them does not jump when they do. */}
      <div className={state.card !== null ? 'min-h-[80vh]' : undefined}>
        {state.mode === 'source' && state.card !== null ? (
          <Suspense fallback={<Spinner label="Finding collectors…" />}>
            <CollectorsList set={state.set} card={state.card} page={state.page} onPageChange={setPage} />
          </Suspense>
        ) : null}
        {params ? (
          <Suspense fallback={<Spinner label="Loading sales…" />}>
            <SalesResults
              query={analysis}
              params={params}
              onPeriodChange={setPeriod}
              onGradeChange={setGrade}
              onPageChange={setPage}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
