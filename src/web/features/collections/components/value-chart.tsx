import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { CollectionValueResponse } from '#shared/schemas/valuation.ts';
import { AXIS, DOLLAR_AXIS, TimeChart } from '#web/components/chart/time-chart.tsx';

/** The week under the pointer: the end of the week (ms) and the collection's value then. */
export interface HoveredWeek {
  at: number;
  total: number;
}

interface ValueChartProps {
  history: CollectionValueResponse['history'];
  height: number;
  onHover: (week: HoveredWeek | null) => void;
}

/** The drawing of a collection's value over the weeks (uPlot): one line with its dollar and date axes. */
export default function ValueChart({ history, height, onHover }: ValueChartProps) {
  const data = useMemo<uPlot.AlignedData>(
    () => [history.map((week) => Date.parse(week.date) / 1000), history.map((week) => week.total)],
    [history],
  );
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      legend: { show: false },
      scales: { x: { time: true } },
      axes: [AXIS, DOLLAR_AXIS],
      series: [{}, { label: 'Collection value', stroke: '#0369a1', width: 2, points: { show: false } }],
      hooks: {
        setCursor: [
          (plot) => {
            const index = plot.cursor.idx;
            const week = index === null || index === undefined ? undefined : history[index];
            onHover(week ? { at: Date.parse(week.date), total: week.total } : null);
          },
        ],
      },
    }),
    [history, onHover],
  );
  return <TimeChart height={height} data={data} options={options} />;
}
