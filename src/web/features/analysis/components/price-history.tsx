import { lazy, Suspense, useState } from 'react';
import type { Series } from '#shared/schemas/sales.ts';
import { WhenInView } from '#web/components/ui/when-in-view.tsx';
import {
  CHART_HEIGHT,
  type Hovered,
  MEDIAN_COLOUR,
  SALE_COLOUR,
  saleTimeSpan,
} from '#web/features/analysis/chart-data.ts';
import { formatDollars, formatMonthYear, formatSaleDate } from '#web/lib/format.ts';

// uPlot is the largest piece of the analysis: it downloads, and the chart draws, only once the chart's place
// has come into view. The figure around it, with its caption, is here from the start, so the page does not
// move when the drawing arrives.
const PriceChart = lazy(() => import('./price-chart.tsx'));

const loading = (
  <p className="flex items-center justify-center text-sm text-slate-500" style={{ height: CHART_HEIGHT }}>
    Loading chart…
  </p>
);

/** The price history figure: the chart of every sale and the rolling median, its legend and a readout. */
export function PriceHistory({ series, saleCount }: { series: Series; saleCount: number }) {
  const [hovered, setHovered] = useState<Hovered | null>(null);
  const span = saleTimeSpan(series);
  const sales = saleCount === 1 ? '1 sale' : `${saleCount} sales`;
  const label = span
    ? `Price history: ${sales} from ${formatMonthYear(span.from)} to ${formatMonthYear(span.to)}`
    : 'Price history: no sales';

  return (
    <figure className="m-0">
      <div role="img" aria-label={label} className="w-full overflow-hidden">
        <WhenInView placeholder={loading}>
          <Suspense fallback={loading}>
            <PriceChart series={series} onHover={setHovered} />
          </Suspense>
        </WhenInView>
      </div>
      <figcaption className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5" aria-hidden>
          <span className="size-2.5 rounded-full" style={{ background: SALE_COLOUR }} />
          Sale
        </span>
        <span className="inline-flex items-center gap-1.5" aria-hidden>
          <span className="h-0.5 w-4 rounded" style={{ background: MEDIAN_COLOUR }} />
          Rolling median
        </span>
        <span aria-hidden>Log price scale</span>
        <span className="ml-auto tabular-nums" aria-hidden>
          {hovered
            ? `${hovered.kind}: ${formatSaleDate(hovered.at)}, ${formatDollars(hovered.price)}`
            : 'Drag across the chart to zoom; double-click to reset.'}
        </span>
        {series.sampled ? (
          <span className="sr-only">
            The chart shows an even sample of the sales; the statistics use every sale.
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
