import { lazy, Suspense, useId, useMemo, useState } from 'react';
import type { Series } from '#shared/schemas/sales.ts';
import { WhenInView } from '#web/components/ui/when-in-view.tsx';
import {
  CHART_HEIGHT,
  type ChartLines,
  chartLayers,
  type Hovered,
  saleTimeSpan,
} from '#web/features/analysis/chart-data.ts';
import { formatCount, formatDollars, formatMonthYear, formatSaleDate } from '#web/lib/format.ts';

// uPlot is the largest piece of the analysis: it downloads, and the chart draws, only once the chart's place
// has come into view. The figure around it, with its caption, is here from the start, so the page does not
// move when the drawing arrives.
const PriceChart = lazy(() => import('./price-chart.tsx'));

const loading = (
  <p className="flex items-center justify-center text-sm text-slate-500" style={{ height: CHART_HEIGHT }}>
    Loading chart…
  </p>
);

const LINE_CHOICES: { value: ChartLines; label: string }[] = [
  { value: 'grades', label: 'By grade' },
  { value: 'all', label: 'All sales' },
];

/** Whether the rolling median is drawn per top grade or over every sale. */
function LinesChoice({ value, onChange }: { value: ChartLines; onChange: (lines: ChartLines) => void }) {
  const name = useId();
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Rolling median</legend>
      <span aria-hidden className="text-xs font-semibold text-slate-600">
        Median
      </span>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
        {LINE_CHOICES.map((choice) => (
          <label
            key={choice.value}
            className="relative cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium whitespace-nowrap text-slate-700 has-checked:bg-ink has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="absolute inset-0 z-10 cursor-pointer opacity-0"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The price history figure: every sale as a point, coloured by grade when the sales span several, and the
 * rolling median over all of them or one per top grade; its legend and a readout of the point under the
 * pointer.
 */
export function PriceHistory({ series, saleCount }: { series: Series; saleCount: number }) {
  const [hovered, setHovered] = useState<Hovered | null>(null);
  const byGrade = series.gradeLines.length > 1;
  const [lines, setLines] = useState<ChartLines>('grades');
  const shown: ChartLines = byGrade ? lines : 'all';
  const layers = useMemo(() => chartLayers(series, shown), [series, shown]);
  const span = saleTimeSpan(series);
  const sales = saleCount === 1 ? '1 sale' : `${formatCount(saleCount)} sales`;
  const medians =
    shown === 'grades'
      ? `; rolling median of ${series.gradeLines.map((line) => `${line.grader} ${line.grade}`).join(', ')}`
      : '';
  const label = span
    ? `Price history: ${sales} from ${formatMonthYear(span.from)} to ${formatMonthYear(span.to)}${medians}`
    : 'Price history: no sales';

  return (
    <figure className="m-0">
      {byGrade ? (
        <div className="mb-2 flex justify-end">
          <LinesChoice value={lines} onChange={setLines} />
        </div>
      ) : null}
      <div role="img" aria-label={label} className="w-full overflow-hidden">
        <WhenInView placeholder={loading}>
          <Suspense fallback={loading}>
            <PriceChart layers={layers} onHover={setHovered} />
          </Suspense>
        </WhenInView>
      </div>
      <figcaption className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        {layers.map((layer) => (
          <span key={layer.label} className="inline-flex items-center gap-1.5" aria-hidden>
            <span
              className={layer.kind === 'points' ? 'size-2.5 rounded-full' : 'h-0.5 w-4 rounded'}
              style={{ background: layer.colour }}
            />
            {layer.label}
          </span>
        ))}
        <span aria-hidden>Log price scale</span>
        <span className="ml-auto tabular-nums" aria-hidden>
          {hovered
            ? `${hovered.label}: ${formatSaleDate(hovered.at)}, ${formatDollars(hovered.price)}`
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
