import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Period } from '#shared/sales-constants.ts';
import type { AdminSearchResponse } from '#shared/schemas/admin.ts';
import { PeriodSelector } from '#web/components/period-selector.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { DataTable } from '#web/components/ui/data-table.tsx';
import { EmptyState, ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useSelection } from '#web/features/admin/use-selection.ts';
import { formatCount, formatDollars, formatSaleDate } from '#web/lib/format.ts';
import { DeleteSelected } from './delete-selected.tsx';
import { gradeText, SaleThumbnail } from './sale-thumbnail.tsx';

interface SearchResultsProps {
  query: UseQueryResult<AdminSearchResponse>;
  card: string;
  period: Period;
  onPeriodChange: (period: Period) => void;
}

const HEADER = 'px-3 py-2.5';

/**
 * On a phone each sale is a small grid instead of a wide row, so nothing hides behind a sideways swipe: tick
 * box and image on the left, date and price on the first line, grade and seller on the second.
 */
const PHONE_ROW =
  'max-sm:grid max-sm:grid-cols-[auto_auto_minmax(0,1fr)_minmax(0,auto)] max-sm:items-start max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3';

/** docs/product.md §2: the searched card's sales with tick boxes, a time filter, Select All / Deselect All and Delete Selected (n). */
export function SearchResults({ query, card, period, onPeriodChange }: SearchResultsProps) {
  const result = query.data;
  const ids = useMemo(() => result?.sales.map((sale) => sale.saleId) ?? [], [result]);
  const selection = useSelection(ids);

  if (query.isPending) return <Spinner label="Loading sales…" />;
  if (query.isError)
    return <ErrorNotice message={query.error.message} onRetry={() => void query.refetch()} />;
  if (!result) return null;

  return (
    <section aria-labelledby="admin-search-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="admin-search-title" className="text-xl font-bold text-ink">
            {result.cardName}
          </h2>
          <p className="text-sm text-slate-600">
            Card Number {result.cardNumber} · Rarity {result.rarity} · {formatCount(result.total)}{' '}
            {result.total === 1 ? 'sale' : 'sales'}
          </p>
        </div>
        <PeriodSelector value={period} onChange={onPeriodChange} />
      </div>
      {result.total > result.sales.length ? (
        <p
          role="status"
          className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          Showing the newest {formatCount(result.sales.length)} of {formatCount(result.total)} sales. Choose a
          shorter period above to narrow the list.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => selection.setAll(ids, true)} disabled={ids.length === 0}>
          Select All
        </Button>
        <Button variant="secondary" onClick={selection.clear} disabled={selection.size === 0}>
          Deselect All
        </Button>
        <DeleteSelected saleIds={selection.ids} onDeleted={selection.clear} />
      </div>
      {result.sales.length === 0 ? (
        <EmptyState>No sales of {result.cardName || card} in this period.</EmptyState>
      ) : (
        <section
          aria-label="Sales to curate"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways on phones must be reachable by keyboard
          tabIndex={0}
          className="overflow-x-auto rounded-2xl border border-slate-200 bg-white"
        >
          <DataTable
            explicitRoles
            className="w-full text-sm sm:min-w-[38rem]"
            caption={`Sales of ${result.cardName}, newest first`}
            headClassName="bg-slate-50 text-left max-sm:sr-only text-xs font-semibold tracking-wide text-slate-600 uppercase"
            columns={[
              {
                header: <span className="sr-only">Selected</span>,
                headerClassName: 'py-2.5 pr-2 pl-4',
                cellClassName: 'py-2 pr-2 pl-4 max-sm:row-span-2 max-sm:p-0',
                cell: (sale) => (
                  <Checkbox
                    checked={selection.has(sale.saleId)}
                    onChange={() => selection.toggle(sale.saleId)}
                    aria-label={`Select the sale of ${formatSaleDate(sale.date)} for ${formatDollars(sale.price)} by ${sale.seller}`}
                  />
                ),
              },
              {
                header: 'Image',
                headerClassName: HEADER,
                cellClassName: 'px-3 py-2 max-sm:row-span-2 max-sm:p-0',
                cell: (sale) => <SaleThumbnail sale={sale} />,
              },
              {
                header: 'Date',
                headerClassName: HEADER,
                cellClassName: 'px-3 py-2 whitespace-nowrap max-sm:col-start-3 max-sm:row-start-1 max-sm:p-0',
                cell: (sale) => <time dateTime={sale.date}>{formatSaleDate(sale.date)}</time>,
              },
              {
                header: 'Price',
                headerClassName: `${HEADER} text-right`,
                cellClassName:
                  'px-3 py-2 text-right font-semibold whitespace-nowrap tabular-nums max-sm:col-start-4 max-sm:row-start-1 max-sm:p-0',
                cell: (sale) => formatDollars(sale.price),
              },
              {
                header: 'Grade',
                headerClassName: HEADER,
                cellClassName: 'px-3 py-2 whitespace-nowrap max-sm:col-start-3 max-sm:row-start-2 max-sm:p-0',
                cell: (sale) => gradeText(sale),
              },
              {
                header: 'Seller',
                headerClassName: HEADER,
                cellClassName:
                  'px-3 py-2 break-words max-sm:col-start-4 max-sm:row-start-2 max-sm:p-0 max-sm:text-right',
                cell: (sale) => sale.seller,
              },
            ]}
            rows={result.sales}
            rowKey={(sale) => sale.saleId}
            rowClassName={`border-t border-slate-100 ${PHONE_ROW}`}
          />
        </section>
      )}
    </section>
  );
}
