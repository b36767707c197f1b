import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { Series } from '#shared/schemas/sales.ts';
import {
  alignSeries,
  CHART_HEIGHT,
  type Hovered,
  MEDIAN_COLOUR,
  SALE_COLOUR,
} from '#web/features/analysis/chart-data.ts';
import { formatDollarsCompact } from '#web/lib/format.ts';

const AXIS = {
  stroke: '#475569',
  grid: { stroke: '#e2e8f0', width: 1 },
  ticks: { stroke: '#cbd5e1', width: 1 },
};

function chartOptions(width: number, onHover: (hovered: Hovered | null) => void): uPlot.Options {
  return {
    width,
    height: CHART_HEIGHT,
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

interface PriceChartProps {
  series: Series;
  /** The point under the pointer, for the figure's caption to read out. */
  onHover: (hovered: Hovered | null) => void;
}

/** The drawing of the price history (uPlot): every sale as a point and the rolling median as a line. */
export default function PriceChart({ series, onHover }: PriceChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let plot: uPlot | undefined;
    const observer = new ResizeObserver(() =>
      plot?.setSize({ width: element.clientWidth, height: CHART_HEIGHT }),
    );
    // Drawing is the chart's largest piece of work; in a task of its own rather than in the one that mounts
    // the chart, neither holds up a phone's main thread for long.
    const draw = setTimeout(() => {
      plot = new uPlot(chartOptions(element.clientWidth, onHover), alignSeries(series), element);
      observer.observe(element);
    });
    return () => {
      clearTimeout(draw);
      observer.disconnect();
      plot?.destroy();
    };
  }, [series, onHover]);

  // The chart's height before it is drawn, so nothing below it moves when it is.
  return <div ref={container} style={{ minHeight: CHART_HEIGHT }} />;
}
