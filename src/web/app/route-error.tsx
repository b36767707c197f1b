import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from '#web/app/routes/not-found.tsx';
import { buttonClass } from '#web/components/ui/button.tsx';

/** Shown when a page fails to load or render, instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-slate-600">
        This page could not be shown. Reloading usually helps; if it keeps happening, please try again later.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className={buttonClass('secondary')}>
          Back to Home
        </Link>
      </div>
    </section>
  );
}
