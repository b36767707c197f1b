import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { CollectionValueResponse } from '#shared/schemas/valuation.ts';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { WhenInView } from '#web/components/ui/when-in-view.tsx';
import { useCollectionValue } from '#web/features/collections/api/collection.ts';
import { formatCount, formatDollars, formatSaleDate } from '#web/lib/format.ts';
import type { HoveredWeek } from './value-chart.tsx';

// uPlot downloads, and the chart draws, only once the chart's place has come into view (as the price chart).
const ValueChart = lazy(() => import('./value-chart.tsx'));
const VALUE_CHART_HEIGHT = 180;

const loading = (
  <p
    className="flex items-center justify-center text-sm text-slate-500"
    style={{ height: VALUE_CHART_HEIGHT }}
  >
    Loading chart…
  </p>
);

function HistoryChart({ history }: { history: CollectionValueResponse['history'] }) {
  const [hovered, setHovered] = useState<HoveredWeek | null>(null);
  const first = history[0];
  const last = history.at(-1);
  if (!first || !last) return null;
  const totals = history.map((week) => week.total);
  const label =
    `Collection value at the end of each of the last ${history.length} weeks: ` +
    `${formatDollars(first.total)} on ${formatSaleDate(first.date)}, ${formatDollars(last.total)} on ` +
    `${formatSaleDate(last.date)}; lowest ${formatDollars(Math.min(...totals))}, highest ` +
    `${formatDollars(Math.max(...totals))}.`;
  return (
    <figure className="m-0 mt-3">
      <div role="img" aria-label={label} className="w-full overflow-hidden">
        <WhenInView placeholder={loading}>
          <Suspense fallback={loading}>
            <ValueChart history={history} height={VALUE_CHART_HEIGHT} onHover={setHovered} />
          </Suspense>
        </WhenInView>
      </div>
      <figcaption className="mt-1 text-xs text-slate-600 tabular-nums" aria-hidden>
        {hovered
          ? `${formatSaleDate(hovered.at)}: ${formatDollars(hovered.total)}`
          : 'Point at or tap the chart to read a week’s value.'}
      </figcaption>
    </figure>
  );
}

interface CollectionValueProps {
  ownerId: string;
  isOwner: boolean;
  /** The owner's Show my collection's value switch. */
  sharing?: ReactNode;
}

/**
 * A collection's value (docs/product.md §2): the sum of the estimates of the graded 1st Edition cards, how
 * many were and were not valued, and a small chart of the last 52 weeks. The owner sees it, and everyone once
 * the owner shows it.
 */
export function CollectionValue({ ownerId, isOwner, sharing }: CollectionValueProps) {
  const value = useCollectionValue(ownerId);
  return (
    <section
      aria-labelledby="collection-value-heading"
      className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="collection-value-heading" className="font-semibold text-slate-900">
        Collection value
      </h2>
      {sharing}
      {value.isError ? (
        <div className="mt-3">
          <ErrorNotice message={value.error.message} onRetry={() => void value.refetch()} />
        </div>
      ) : value.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-500">
          {isOwner ? 'Valuing your collection…' : 'Valuing this collection…'}
        </p>
      ) : value.data.counted === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {!isOwner
            ? 'None of these collected cards can be valued yet.'
            : value.data.uncounted === 0
              ? 'Add graded cards to your collection to see what it is worth.'
              : 'None of your collected cards can be valued yet: they are ungraded, not 1st Edition prints, or lack recent sales.'}
        </p>
      ) : (
        <>
          <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
            {formatDollars(value.data.total)}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {formatCount(value.data.counted)} {value.data.counted === 1 ? 'card' : 'cards'} valued
            {value.data.uncounted > 0
              ? `; ${formatCount(value.data.uncounted)} not valued (ungraded, not 1st Edition, or too few sales)`
              : ''}
            .
          </p>
          <HistoryChart history={value.data.history} />
        </>
      )}
    </section>
  );
}
