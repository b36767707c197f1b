import type { ReactNode } from 'react';
import type { CollectionValueResponse } from '#shared/schemas/valuation.ts';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useCollectionValue } from '#web/features/collections/api/collection.ts';
import { formatCount, formatDollars, formatSaleDate } from '#web/lib/format.ts';

const WIDTH = 520;
const HEIGHT = 72;

/** The history as an SVG polyline scaled to its own range, the lowest week at the bottom. */
function historyPoints(history: CollectionValueResponse['history']): string {
  const totals = history.map((week) => week.total);
  const low = Math.min(...totals);
  const high = Math.max(...totals);
  const span = high - low || 1;
  const step = history.length > 1 ? WIDTH / (history.length - 1) : 0;
  return totals
    .map((total, index) => {
      const y = high === low ? HEIGHT / 2 : HEIGHT - ((total - low) / span) * (HEIGHT - 4) - 2;
      return `${(index * step).toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

function HistoryChart({ history }: { history: CollectionValueResponse['history'] }) {
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
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="block h-[72px] w-full"
      >
        <polyline
          points={historyPoints(history)}
          fill="none"
          stroke="#0369a1"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          strokeLinejoin="round"
        />
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden>
        <span>{formatSaleDate(first.date)}</span>
        <span>{formatSaleDate(last.date)}</span>
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
