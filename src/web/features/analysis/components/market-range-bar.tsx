import type { AnalysisStats } from '#shared/schemas/sales.ts';
import { percentFromAverageText, rangePosition } from '#web/features/analysis/market-range.ts';
import { formatDollars, formatSaleDate } from '#web/lib/format.ts';

/**
 * The Market Range (docs/product.md §2): Lowest to Highest, the Average and the Median, and where the last
 * sale sits on that range; under it, small, the Total Volume and the Latest Sale with its date and distance
 * from the average.
 */
export function MarketRangeBar({ stats }: { stats: AnalysisStats }) {
  const { low, high, average, median, lastSale } = stats;
  const lastPosition = rangePosition(lastSale, low, high);
  const averagePosition = rangePosition(average, low, high);
  const medianPosition = rangePosition(median, low, high);
  const summary = `Last sale ${formatDollars(lastSale)}, at ${Math.round(lastPosition)}% of the market range from ${formatDollars(low)} to ${formatDollars(high)}; average ${formatDollars(average)}, median ${formatDollars(median)}.`;

  return (
    <section
      aria-labelledby="market-range-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h3 id="market-range-heading" className="font-semibold text-slate-900">
        Market Range
      </h3>
      <div role="img" aria-label={summary} className="relative mt-5 mb-2 h-3">
        <div className="absolute inset-0 rounded-full bg-gradient-to-r from-emerald-300 via-amber-200 to-rose-300" />
        <div
          className="absolute -top-1.5 h-6 w-0.5 -translate-x-1/2 rounded bg-slate-700"
          style={{ left: `${averagePosition}%` }}
        />
        <div
          className="absolute -top-1.5 h-6 w-0 -translate-x-1/2 border-l-2 border-dashed border-slate-500"
          style={{ left: `${medianPosition}%` }}
        />
        <div
          data-testid="last-sale-marker"
          data-position={lastPosition.toFixed(2)}
          className="absolute top-1/2 size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-[3px] border-white bg-brand-600 shadow-md"
          style={{ left: `${lastPosition}%` }}
        />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-500">Lowest</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{formatDollars(low)}</dd>
        </div>
        <div className="text-right">
          <dt className="text-slate-500">Highest</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{formatDollars(high)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Average</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{formatDollars(average)}</dd>
        </div>
        <div className="text-right">
          <dt className="text-slate-500">Median</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{formatDollars(median)}</dd>
        </div>
      </dl>
      <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-500" aria-hidden>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-full border-2 border-white bg-brand-600 shadow" />
          Last sale
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-3 w-0.5 rounded bg-slate-700" />
          Average
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-3 w-0 border-l-2 border-dashed border-slate-500" />
          Median
        </span>
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-2 border-t border-slate-100 pt-3 text-xs">
        <div>
          <dt className="text-slate-500">Total Volume</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{formatDollars(stats.totalVolume)}</dd>
        </div>
        <div className="text-right">
          <dt className="text-slate-500">Latest Sale</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{formatDollars(lastSale)}</dd>
          {stats.lastSaleDate ? (
            <dd className="text-slate-600">
              {formatSaleDate(stats.lastSaleDate)} · {percentFromAverageText(stats.percentFromAverage)}
            </dd>
          ) : null}
        </div>
      </dl>
    </section>
  );
}
