import { Link } from 'react-router';
import type { SetId } from '#shared/sets.ts';
import { priceConditionText } from '#shared/watch-text.ts';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState, ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useDeleteWatch, useWatches } from '#web/features/watches/api/watches.ts';
import { formatDollars, formatSaleDate } from '#web/lib/format.ts';

function analysisUrl(setId: SetId, cardName: string, grader: string | null, grade: number | null): string {
  const params = new URLSearchParams({ mode: 'analyse', set: setId, card: cardName });
  if (grader && grade !== null) {
    params.set('grader', grader);
    params.set('grade', String(grade));
  }
  return `/?${params}`;
}

/** docs/product.md §10: the owner's Watching list on their profile, each watch with its cohort's latest sale. */
export function WatchingList() {
  const watches = useWatches(true);
  const remove = useDeleteWatch();
  return (
    <section
      aria-labelledby="watching-heading"
      className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="watching-heading" className="text-lg font-semibold text-slate-900">
        Watching
      </h2>
      {watches.isPending ? (
        <Spinner label="Loading your watches…" />
      ) : watches.isError ? (
        <ErrorNotice message={watches.error.message} onRetry={() => void watches.refetch()} />
      ) : watches.data.watches.length === 0 ? (
        <EmptyState>
          You are not watching any card. Search a card and choose Watch to hear of its new sales.
        </EmptyState>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {watches.data.watches.map((watch) => (
            <li key={watch.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <Link
                  to={analysisUrl(watch.setId, watch.cardName, watch.grader, watch.grade)}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {watch.cardName} {watch.cardNumber}
                  {watch.grader
                    ? ` · ${watch.grader}${watch.grade === null ? '' : ` ${watch.grade}`}`
                    : ' · any grade'}
                </Link>
                <p className="text-sm text-slate-600">Alerts {priceConditionText(watch)}</p>
                <p className="text-sm text-slate-700">
                  {watch.latestSale
                    ? `Latest sale: ${formatDollars(watch.latestSale.price)} on ${formatSaleDate(watch.latestSale.date)}${
                        watch.latestSale.grader
                          ? ` (${watch.latestSale.grader} ${watch.latestSale.grade ?? ''})`
                          : ''
                      }`
                    : 'No sale recorded yet.'}
                </p>
              </div>
              <Button
                variant="secondary"
                className="px-3"
                disabled={remove.isPending && remove.variables === watch.id}
                onClick={() => remove.mutate(watch.id)}
                aria-label={`Stop watching ${watch.cardName}${watch.grader ? ` ${watch.grader} ${watch.grade ?? ''}` : ''} ${priceConditionText(watch)}`}
              >
                Stop watching
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
