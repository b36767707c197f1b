import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { parseSearchState } from '#web/features/search/search-state.ts';

// The search controls and results are most of the home page's code and download on demand. The page's frame
// and heading come with the first render: the heading and tagline are its largest text, so they paint without
// waiting for that code (or the analysis it asks for), and they stay the same elements when the rest arrives.
const homeSearch = () => import('./home-search.tsx');
const SearchControls = lazy(() => homeSearch().then((module) => ({ default: module.SearchControls })));
const SearchResults = lazy(() => homeSearch().then((module) => ({ default: module.SearchResults })));
const ConsignAgents = lazy(() => homeSearch().then((module) => ({ default: module.ConsignAgents })));

/** docs/product.md §2 home: mode, search and, once searched, the sales analysis (Analyse, Consign) of the card. */
export function HomePage() {
  const [params] = useSearchParams();
  const { mode, card } = parseSearchState(params);
  const consign = mode === 'consign';

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:px-6 sm:py-10">
      {/* Consign's agents sit in a row under the search rather than in a tall column beside it, so the
          analysis starts on the first screen of a laptop. */}
      <div className={consign ? 'space-y-6' : ''}>
        <section aria-labelledby="home-title" className="max-w-3xl space-y-4">
          <div>
            <h1 id="home-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
              Holoscope
            </h1>
            <p className="mt-1 text-slate-600">Graded vintage card prices and the collectors who own them.</p>
            <p className="mt-1 text-sm text-slate-600">
              A PSA slab in hand?{' '}
              <Link to="/scan" className="font-semibold text-brand-700 underline">
                Scan a slab
              </Link>
            </p>
          </div>
          <Suspense fallback={null}>
            <SearchControls />
          </Suspense>
        </section>
        {consign ? (
          <Suspense fallback={null}>
            <ConsignAgents />
          </Suspense>
        ) : null}
      </div>
      {/* Room for results before they arrive, so the page below them does not jump when they do. */}
      <div className={card !== null ? 'min-h-[80vh]' : undefined}>
        <Suspense fallback={null}>
          <SearchResults />
        </Suspense>
      </div>
    </div>
  );
}
