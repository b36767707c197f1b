import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import {
  alignLayers,
  CHART_HEIGHT,
  type ChartLayer,
  type Hovered,
} from '#web/features/analysis/chart-data.ts';
import { formatDollarsCompact } from '#web/lib/format.ts';

const AXIS = {
  stroke: '#475569',
  grid: { stroke: '#e2e8f0', width: 1 },
  ticks: { stroke: '#cbd5e1', width: 1 },
};

function seriesOf(layer: ChartLayer): uPlot.Series {
  return layer.kind === 'points'
    ? {
        label: layer.label,
        stroke: layer.colour,
        paths: () => null,
        points: { show: true, size: 6, stroke: layer.colour, fill: layer.colour },
      }
    : { label: layer.label, stroke: layer.colour, width: 2.5, spanGaps: true, points: { show: false } };
}

function chartOptions(
  width: number,
  layers: readonly ChartLayer[],
  onHover: (hovered: Hovered | null) => void,
): uPlot.Options {
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
    series: [{}, ...layers.map(seriesOf)],
    hooks: {
      setCursor: [
        (plot) => {
          const index = plot.cursor.idx;
          if (index === null || index === undefined) return onHover(null);
          const at = (plot.data[0][index] ?? 0) * 1000;
          // A point before a line where both are at one instant: the sale is what the pointer is on.
          const order = layers
            .map((layer, position) => ({ layer, position }))
            .sort((a, b) => Number(a.layer.kind === 'line') - Number(b.layer.kind === 'line'));
          for (const { layer, position } of order) {
            const price = plot.data[position + 1]?.[index];
            if (price !== null && price !== undefined) return onHover({ label: layer.label, at, price });
          }
          onHover(null);
        },
      ],
    },
  };
}

interface PriceChartProps {
  layers: readonly ChartLayer[];
  /** The point under the pointer, for the figure's caption to read out. */
  onHover: (hovered: Hovered | null) => void;
}

/** The drawing of the price history (uPlot): sales as points and rolling medians as lines. */
export default function PriceChart({ layers, onHover }: PriceChartProps) {
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
      plot = new uPlot(chartOptions(element.clientWidth, layers, onHover), alignLayers(layers), element);
      observer.observe(element);
    });
    return () => {
      clearTimeout(draw);
      observer.disconnect();
      plot?.destroy();
    };
  }, [layers, onHover]);

  // The chart's height before it is drawn, so nothing below it moves when it is.
  return <div ref={container} style={{ minHeight: CHART_HEIGHT }} />;
}
