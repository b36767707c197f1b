import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import {
  type ComparisonRow,
  compareOptions,
  EXAMPLE_MARKET_VALUE,
  MINIMUM_MARKET_VALUE,
  qualifiesForAdvance,
} from '#shared/advance-terms.ts';
import { formatDollars } from '#shared/money.ts';
import { parseDollars } from '#shared/schemas/inquiries.ts';
import { DataTable } from '#web/components/ui/data-table.tsx';

/**
 * docs/product.md §9's comparison, worked out from the shared figures for the example value, the card's value
 * a Quick Advance link brought, or the visitor's own.
 */
export function ValueComparison({ initialValue = EXAMPLE_MARKET_VALUE }: { initialValue?: number }) {
  const inputId = useId();
  const [typed, setTyped] = useState(() =>
    Number.isInteger(initialValue) ? String(initialValue) : initialValue.toFixed(2),
  );
  const parsed = parseDollars(typed);
  const valid = parsed !== undefined && Number.isFinite(parsed) && parsed > 0;
  const marketValue = valid ? parsed : EXAMPLE_MARKET_VALUE;
  const rows = compareOptions(marketValue);
  const qualifies = qualifiesForAdvance(marketValue);
  const cashText = (row: ComparisonRow) =>
    row.option === 'advance' && !qualifies ? 'Not available' : formatDollars(row.cash);
  const caption = `Cash from a card worth ${formatDollars(marketValue)}: advance, eBay sale and dealer sale`;

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        Market value of your card (US dollars)
      </label>
      <input
        id={inputId}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        inputMode="decimal"
        autoComplete="off"
        aria-describedby={`${inputId}-note`}
        className="mt-1 w-full max-w-xs rounded-lg border border-slate-300 px-3 py-2 text-base"
      />
      <p id={`${inputId}-note`} className="mt-1 text-sm text-slate-600" aria-live="polite">
        {!valid
          ? `Enter an amount in dollars; showing the ${formatDollars(EXAMPLE_MARKET_VALUE)} example.`
          : qualifies
            ? `For a card worth ${formatDollars(marketValue)}:`
            : `Advances start at a market value of ${formatDollars(MINIMUM_MARKET_VALUE)}; the other options are shown for comparison.`}
      </p>

      <ul aria-label={caption} className="mt-4 space-y-3 sm:hidden">
        {rows.map((row) => (
          <li
            key={row.option}
            className={`rounded-xl border p-3 ${row.option === 'advance' ? 'border-amber-200 bg-amber-50' : 'border-slate-200'}`}
          >
            <p className="font-semibold text-slate-900">{row.label}</p>
            <p className="mt-1 text-xl font-bold tabular-nums text-slate-900">{cashText(row)}</p>
            <p className="mt-1 text-sm text-slate-700">Paid: {row.paidWhen}</p>
            <p className="mt-1 text-sm">
              <KeepCard keep={row.keepCard} />
            </p>
          </li>
        ))}
      </ul>

      <DataTable
        className="mt-4 hidden w-full text-left text-sm sm:table"
        caption={caption}
        headClassName="border-b border-slate-200 text-slate-600"
        bodyClassName="divide-y divide-slate-100"
        columns={[
          {
            header: 'Option',
            headerClassName: 'py-2 pr-3 pl-2 font-medium',
            rowHeader: true,
            cellClassName: 'py-3 pr-3 pl-2 font-semibold text-slate-900',
            cell: (row) => row.label,
          },
          {
            header: 'Cash to you',
            headerClassName: 'py-2 pr-3 font-medium',
            cellClassName: 'py-3 pr-3 text-base font-bold tabular-nums text-slate-900',
            cell: cashText,
          },
          {
            header: 'Paid',
            headerClassName: 'py-2 pr-3 font-medium',
            cellClassName: 'py-3 pr-3 text-slate-700',
            cell: (row) => row.paidWhen,
          },
          {
            header: 'You keep the card',
            headerClassName: 'py-2 font-medium',
            cellClassName: 'py-3',
            cell: (row) => <KeepCard keep={row.keepCard} />,
          },
        ]}
        rows={rows}
        rowKey={(row) => row.option}
        rowClassName={(row) => (row.option === 'advance' ? 'bg-amber-50' : '')}
      />
    </div>
  );
}

function KeepCard({ keep }: { keep: boolean }) {
  return keep ? (
    <span className="inline-flex items-center gap-1 font-medium text-emerald-700">
      <Check className="size-4" aria-hidden /> Yes, you keep the card
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-slate-600">
      <X className="size-4" aria-hidden /> No, the card is sold
    </span>
  );
}
