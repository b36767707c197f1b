import { useMemo } from 'react';
import type uPlot from 'uplot';
import { AXIS, DOLLAR_AXIS, TimeChart } from '#web/components/chart/time-chart.tsx';
import {
  alignLayers,
  CHART_HEIGHT,
  type ChartLayer,
  type Hovered,
} from '#web/features/analysis/chart-data.ts';

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
  layers: readonly ChartLayer[],
  onHover: (hovered: Hovered | null) => void,
): Omit<uPlot.Options, 'width' | 'height'> {
  return {
    legend: { show: false },
    // Grades spread one card's prices over orders of magnitude; a log scale keeps the cheap sales readable.
    scales: { x: { time: true }, y: { distr: 3, log: 10 } },
    axes: [AXIS, DOLLAR_AXIS],
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
  const options = useMemo(() => chartOptions(layers, onHover), [layers, onHover]);
  const data = useMemo(() => alignLayers(layers), [layers]);
  return <TimeChart height={CHART_HEIGHT} data={data} options={options} />;
}
