import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import type { Series } from '#shared/schemas/sales.ts';
import { alignSeries, saleTimeSpan } from './chart-data.ts';
import { formatDollars, formatDollarsCompact, formatMonthYear, formatSaleDate } from './format.ts';

const HEIGHT = 280;
const SALE_COLOUR = 'rgba(3, 105, 161, 0.55)';
const MEDIAN_COLOUR = '#d97706';
const AXIS = {
  stroke: '#475569',
  grid: { stroke: '#e2e8f0', width: 1 },
  ticks: { stroke: '#cbd5e1', width: 1 },
};

interface Hovered {
  kind: 'Sale' | 'Rolling median';
  at: number;
  price: number;
}

function chartOptions(width: number, onHover: (hovered: Hovered | null) => void): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    // Grades spread one card's prices over orders of magnitude; a log scale keeps the cheap sales readable.
    scales: { x: { time: true }, y: { distr: 3, log: 10 } },
    axes: [
      AXIS,
      {
        ...AXIS,
        size: 64,
        // On a log scale uPlot leaves the minor ticks (null) unlabelled.
        values: (_plot, ticks) => ticks.map((tick) => (tick === null ? '' : formatDollarsCompact(tick))),
      },
    ],
    series: [
      {},
      {
        label: 'Sale',
        stroke: SALE_COLOUR,
        paths: () => null,
        points: { show: true, size: 6, stroke: SALE_COLOUR, fill: SALE_COLOUR },
      },
      { label: 'Rolling median', stroke: MEDIAN_COLOUR, width: 2.5, spanGaps: true, points: { show: false } },
    ],
    hooks: {
      setCursor: [
        (plot) => {
          const index = plot.cursor.idx;
          if (index === null || index === undefined) return onHover(null);
          const at = (plot.data[0][index] ?? 0) * 1000;
          const sale = plot.data[1]?.[index];
          const median = plot.data[2]?.[index];
          if (sale !== null && sale !== undefined) onHover({ kind: 'Sale', at, price: sale });
          else if (median !== null && median !== undefined)
            onHover({ kind: 'Rolling median', at, price: median });
          else onHover(null);
        },
      ],
    },
  };
}

/** Every sale as a point and the rolling median as a line, over time; loaded only when an analysis shows. */
export default function PriceChart({ series, saleCount }: { series: Series; saleCount: number }) {
  const container = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<Hovered | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let plot: uPlot | undefined;
    const observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height: HEIGHT }));
    // Drawing is the chart's largest piece of work; in a task of its own rather than in the one that mounts
    // the chart, neither holds up a phone's main thread for long.
    const draw = setTimeout(() => {
      plot = new uPlot(chartOptions(element.clientWidth, setHovered), alignSeries(series), element);
      observer.observe(element);
    });
    return () => {
      clearTimeout(draw);
      observer.disconnect();
      plot?.destroy();
    };
  }, [series]);

  const span = saleTimeSpan(series);
  const sales = saleCount === 1 ? '1 sale' : `${saleCount} sales`;
  const label = span
    ? `Price history: ${sales} from ${formatMonthYear(span.from)} to ${formatMonthYear(span.to)}`
    : 'Price history: no sales';

  return (
    <figure className="m-0">
      <div role="img" aria-label={label} className="w-full overflow-hidden">
        {/* The chart's height before it is drawn, so nothing below it moves when it is. */}
        <div ref={container} style={{ minHeight: HEIGHT }} />
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
