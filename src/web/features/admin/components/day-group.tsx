import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import type { SalesByDayResponse } from '#shared/schemas/admin.ts';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import type { Selection } from '#web/features/admin/use-selection.ts';
import { formatCount, formatDollars, formatSaleDate } from '#web/lib/format.ts';
import { gradeText, SaleThumbnail } from './sale-thumbnail.tsx';

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

interface DayGroupProps {
  /** YYYY-MM-DD of the day this group asks for (known before its answer arrives). */
  date: string;
  query: UseQueryResult<SalesByDayResponse>;
  selection: Selection;
}

/** One day of a set's sales: collapsible, with a tick box per sale and one for the whole day. */
export function DayGroup({ date, query, selection }: DayGroupProps) {
  const [expanded, setExpanded] = useState(true);
  const regionId = useId();
  const sales = query.data?.sales ?? [];
  const ids = sales.map((sale) => sale.saleId);
  const ticked = ids.filter((id) => selection.has(id)).length;
  const day = formatSaleDate(`${date}T12:00:00.000Z`);

  return (
    <section className="rounded-xl border border-slate-200 bg-white" aria-label={day}>
      <div className="flex items-center gap-2 px-3 py-2">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={regionId}
          onClick={() => setExpanded(!expanded)}
          className="-mx-1 flex min-w-0 flex-1 items-center gap-1.5 rounded px-1 py-1 text-left text-sm font-semibold text-slate-900"
        >
          <ChevronDown
            className={`size-4 shrink-0 text-slate-500 transition-transform ${expanded ? '' : '-rotate-90'}`}
            aria-hidden
          />
          <time dateTime={date}>{day}</time>
          <span className="font-normal text-slate-500">
            ·{' '}
            {query.data
              ? `${formatCount(query.data.total)} ${query.data.total === 1 ? 'sale' : 'sales'}`
              : '…'}
          </span>
        </button>
        {sales.length > 0 ? (
          <label
            htmlFor={`${regionId}-all`}
            className="flex shrink-0 items-center gap-1.5 text-xs font-medium text-slate-700"
          >
            <Checkbox
              id={`${regionId}-all`}
              checked={ticked === ids.length}
              indeterminate={ticked > 0 && ticked < ids.length}
              onChange={(event) => selection.setAll(ids, event.target.checked)}
              aria-label={`Select all sales on ${day}`}
            />
            Select all
          </label>
        ) : null}
      </div>
      <div id={regionId} hidden={!expanded} className="border-t border-slate-100">
        {query.isPending ? <Spinner label={`Loading sales of ${day}…`} /> : null}
        {query.isError ? (
          <div className="p-3">
            <ErrorNotice message={query.error.message} onRetry={() => void query.refetch()} />
          </div>
        ) : null}
        {query.data && sales.length === 0 ? (
          <p className="px-3 py-4 text-center text-sm text-slate-600">No sales on this day.</p>
        ) : null}
        {sales.length > 0 ? (
          <ul className="divide-y divide-slate-100">
            {sales.map((sale) => (
              <li key={sale.saleId}>
                <label
                  htmlFor={`${regionId}-${sale.saleId}`}
                  className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50"
                >
                  <Checkbox
                    id={`${regionId}-${sale.saleId}`}
                    checked={selection.has(sale.saleId)}
                    onChange={() => selection.toggle(sale.saleId)}
                    aria-label={`Select ${sale.cardName}, ${formatDollars(sale.price)}, sold by ${sale.seller}`}
                  />
                  <SaleThumbnail sale={sale} />
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-semibold break-words text-slate-900">
                      {sale.cardName}
                    </span>
                    <span className="block text-xs break-words text-slate-600">
                      #{sale.cardNumber} · {sale.rarity} ·{' '}
                      <span className="whitespace-nowrap">{gradeText(sale)}</span>
                    </span>
                    <span className="block text-xs break-words text-slate-500">
                      <span className="whitespace-nowrap">{time.format(new Date(sale.date))} UTC</span> ·{' '}
                      {sale.seller}
                    </span>
                  </span>
                  <span className="shrink-0 text-sm font-semibold tabular-nums">
                    {formatDollars(sale.price)}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        {query.data && query.data.total > sales.length ? (
          <p className="px-3 py-2 text-xs text-slate-600">
            Showing the newest {formatCount(sales.length)} of {formatCount(query.data.total)} sales of this
            day.
          </p>
        ) : null}
      </div>
    </section>
  );
}
