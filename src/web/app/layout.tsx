import { Link, Outlet, ScrollRestoration, useMatches } from 'react-router';
import { Header } from './header.tsx';

export interface RouteHandle {
  /** docs/product.md §2: the profile and the two marketing pages show no navigation. */
  hideNavigation?: boolean;
}

export function Layout() {
  const matches = useMatches();
  const hideNavigation = matches.some((match) => (match.handle as RouteHandle | undefined)?.hideNavigation);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      {hideNavigation ? null : <Header />}
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white py-6 text-center text-xs text-slate-500">
        <p>
          Holoscope · Graded Base Set, Jungle and Fossil ·{' '}
          <Link to="/" className="underline underline-offset-2">
            Home
          </Link>
        </p>
      </footer>
      <ScrollRestoration />
    </div>
  );
}
