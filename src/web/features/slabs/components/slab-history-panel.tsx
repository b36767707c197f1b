import type { SlabSale } from '#shared/schemas/slabs.ts';
import { getSet } from '#shared/sets.ts';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useSlabHistory } from '#web/features/slabs/api/slab-history.ts';
import { formatDollars, formatPercent, formatSaleDate } from '#web/lib/format.ts';

function ChangeText({ change }: { change: SlabSale['change'] }) {
  if (!change) return <span className="text-slate-500">First sale</span>;
  const up = change.amount >= 0;
  return (
    <span className={up ? 'text-emerald-700' : 'text-red-700'}>
      {up ? '+' : '−'}
      {formatDollars(Math.abs(change.amount))} ({formatPercent(change.percent)})
    </span>
  );
}

/** One slab's sales in Holoscope, oldest first, with the change from each sale to the next (docs/product.md §11). */
export function SlabHistoryPanel({ grader, cert }: { grader: string; cert: string }) {
  const history = useSlabHistory(grader, cert);
  return (
    <section aria-labelledby="slab-history-heading" className="mt-6 space-y-3">
      <h2 id="slab-history-heading" className="text-lg font-semibold text-slate-900">
        Sales of {grader} {cert}
      </h2>
      {/* Quietly: the lookup above already announces that it is busy. */}
      {history.isPending ? <p className="text-sm text-slate-500">Loading the slab’s sales…</p> : null}
      {history.isError ? (
        <ErrorNotice message={history.error.message} onRetry={() => void history.refetch()} />
      ) : null}
      {history.data && history.data.sales.length === 0 ? (
        <p className="text-sm text-slate-600">No sales of this certificate are recorded yet.</p>
      ) : null}
      {history.data && history.data.sales.length > 0 ? (
        <ol className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {history.data.sales.map((sale) => (
            <li
              key={sale.saleId}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 px-4 py-3 text-sm"
            >
              <div className="min-w-0">
                <time dateTime={sale.date} className="font-medium text-slate-900">
                  {formatSaleDate(sale.date)}
                </time>
                <p className="text-slate-600">
                  {getSet(sale.setId).name} {sale.cardName} {sale.cardNumber}
                  {sale.grade !== null ? ` · ${grader} ${sale.grade}` : ''} · {sale.seller}
                  {sale.source ? ` (${sale.source})` : ''}
                  {sale.excluded ? ' · flagged' : ''}
                </p>
              </div>
              <div className="text-right tabular-nums">
                <p className="font-semibold text-slate-900">{formatDollars(sale.price)}</p>
                <p className="text-xs">
                  <ChangeText change={sale.change} />
                </p>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
