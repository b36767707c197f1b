import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Period } from '#shared/sales-constants.ts';
import type { AdminSearchResponse } from '#shared/schemas/admin.ts';
import { PeriodSelector } from '#web/components/period-selector.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { EmptyState, ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useSelection } from '#web/features/admin/use-selection.ts';
import { formatDollars, formatSaleDate } from '#web/lib/format.ts';
import { DeleteSelected } from './delete-selected.tsx';
import { gradeText, SaleThumbnail } from './sale-thumbnail.tsx';

interface SearchResultsProps {
  query: UseQueryResult<AdminSearchResponse>;
  card: string;
  period: Period;
  onPeriodChange: (period: Period) => void;
}

const HEADER = 'px-3 py-2.5';

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
            Card Number {result.cardNumber} · Rarity {result.rarity} · {result.total}{' '}
            {result.total === 1 ? 'sale' : 'sales'}
          </p>
        </div>
        <PeriodSelector value={period} onChange={onPeriodChange} />
      </div>
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
          <table className="w-full min-w-[38rem] text-sm">
            <caption className="sr-only">Sales of {result.cardName}, newest first</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-2.5 pr-2 pl-4">
                  <span className="sr-only">Selected</span>
                </th>
                <th scope="col" className={HEADER}>
                  Image
                </th>
                <th scope="col" className={HEADER}>
                  Date
                </th>
                <th scope="col" className={`${HEADER} text-right`}>
                  Price
                </th>
                <th scope="col" className={HEADER}>
                  Grade
                </th>
                <th scope="col" className={HEADER}>
                  Seller
                </th>
              </tr>
            </thead>
            <tbody>
              {result.sales.map((sale) => {
                const day = formatSaleDate(sale.date);
                return (
                  <tr key={sale.saleId} className="border-t border-slate-100">
                    <td className="py-2 pr-2 pl-4">
                      <Checkbox
                        checked={selection.has(sale.saleId)}
                        onChange={() => selection.toggle(sale.saleId)}
                        aria-label={`Select the sale of ${day} for ${formatDollars(sale.price)} by ${sale.seller}`}
                      />
                    </td>
                    <td className="px-3 py-2">
                      <SaleThumbnail sale={sale} />
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <time dateTime={sale.date}>{day}</time>
                    </td>
                    <td className="px-3 py-2 text-right font-semibold whitespace-nowrap tabular-nums">
                      {formatDollars(sale.price)}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{gradeText(sale)}</td>
                    <td className="px-3 py-2">{sale.seller}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
      {result.total > result.sales.length ? (
        <p className="text-sm text-slate-600">
          Showing the newest {result.sales.length} of {result.total} sales.
        </p>
      ) : null}
    </section>
  );
}
