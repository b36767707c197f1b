import { RotateCcw } from 'lucide-react';
import { useMemo } from 'react';
import { getSet } from '#shared/sets.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { DataTable } from '#web/components/ui/data-table.tsx';
import { EmptyState, ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { DELETED_SHOWN, useDeletedSales, useRestoreSales } from '#web/features/admin/api/deleted-sales.ts';
import { useSelection } from '#web/features/admin/use-selection.ts';
import { formatDollars, formatSaleDate } from '#web/lib/format.ts';

const deletedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const CELL = 'px-3 py-2';

/** Undo: the archive of deleted sales, newest deletion first, with who deleted each; selected ones go back. */
export function DeletedSalesView() {
  const query = useDeletedSales();
  const restore = useRestoreSales();
  const sales = query.data?.sales ?? [];
  const ids = useMemo(() => query.data?.sales.map((sale) => sale.saleId) ?? [], [query.data]);
  const selection = useSelection(ids);
  const allTicked = ids.length > 0 && selection.size === ids.length;

  if (query.isPending) return <Spinner label="Loading deleted sales…" />;
  if (query.isError)
    return <ErrorNotice message={query.error.message} onRetry={() => void query.refetch()} />;

  return (
    <section aria-labelledby="deleted-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="deleted-title" className="text-xl font-bold text-ink">
            Recently deleted
          </h2>
          <p className="text-sm text-slate-600">
            {query.data.total > sales.length
              ? `The ${sales.length} most recent of ${query.data.total} deleted sales.`
              : `${query.data.total} deleted ${query.data.total === 1 ? 'sale' : 'sales'}.`}{' '}
            Restoring puts a sale back exactly as it was.
          </p>
        </div>
        <Button
          onClick={() => restore.mutate(selection.ids, { onSuccess: selection.clear })}
          disabled={selection.size === 0 || restore.isPending}
        >
          <RotateCcw className="size-4" aria-hidden />
          {restore.isPending ? 'Restoring…' : `Restore Selected (${selection.size})`}
        </Button>
      </div>
      <div aria-live="polite">
        {restore.isSuccess ? (
          <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">
            Restored {restore.data.restored} {restore.data.restored === 1 ? 'sale' : 'sales'}.
          </p>
        ) : null}
      </div>
      {restore.isError ? <ErrorNotice message={restore.error.message} /> : null}
      {sales.length === 0 ? (
        <EmptyState>No deleted sales. Sales you delete appear here, ready to restore.</EmptyState>
      ) : (
        <section
          aria-label="Deleted sales"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways on phones must be reachable by keyboard
          tabIndex={0}
          className="overflow-x-auto rounded-2xl border border-slate-200 bg-white"
        >
          <DataTable
            className="w-full min-w-[44rem] text-sm"
            caption={`Deleted sales, most recently deleted first (up to ${DELETED_SHOWN})`}
            headClassName="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
            columns={[
              {
                header: (
                  <Checkbox
                    checked={allTicked}
                    indeterminate={selection.size > 0 && !allTicked}
                    onChange={(event) => selection.setAll(ids, event.target.checked)}
                    aria-label="Select all deleted sales"
                  />
                ),
                headerClassName: 'py-2.5 pr-2 pl-4',
                cellClassName: 'py-2 pr-2 pl-4',
                cell: (sale) => (
                  <Checkbox
                    checked={selection.has(sale.saleId)}
                    onChange={() => selection.toggle(sale.saleId)}
                    aria-label={`Select deleted sale: ${sale.cardName}, ${formatDollars(sale.price)}, sold ${formatSaleDate(sale.date)}`}
                  />
                ),
              },
              {
                header: 'Card',
                headerClassName: CELL,
                cellClassName: CELL,
                cell: (sale) => (
                  <>
                    <span className="font-semibold text-slate-900">{sale.cardName}</span>
                    <span className="block text-xs text-slate-600">{getSet(sale.setId).name}</span>
                  </>
                ),
              },
              {
                header: 'Price',
                headerClassName: `${CELL} text-right`,
                cellClassName: `${CELL} text-right font-semibold tabular-nums`,
                cell: (sale) => formatDollars(sale.price),
              },
              {
                header: 'Sold',
                headerClassName: CELL,
                cellClassName: `${CELL} whitespace-nowrap`,
                cell: (sale) => (
                  <>
                    <time dateTime={sale.date}>{formatSaleDate(sale.date)}</time>
                    <span className="block text-xs text-slate-600">{sale.seller}</span>
                  </>
                ),
              },
              {
                header: 'Deleted by',
                headerClassName: CELL,
                cellClassName: CELL,
                cell: (sale) => sale.deletedBy.username ?? 'A removed account',
              },
              {
                header: 'Deleted at',
                headerClassName: CELL,
                cellClassName: `${CELL} whitespace-nowrap`,
                cell: (sale) => (
                  <time dateTime={sale.deletedAt}>{deletedAt.format(new Date(sale.deletedAt))}</time>
                ),
              },
            ]}
            rows={sales}
            rowKey={(sale) => sale.saleId}
            rowClassName="border-t border-slate-100"
          />
        </section>
      )}
    </section>
  );
}
