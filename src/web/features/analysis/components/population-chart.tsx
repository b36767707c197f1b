import { useMemo } from 'react';
import type uPlot from 'uplot';
import { AXIS, TimeChart } from '#web/components/chart/time-chart.tsx';
import { type GradeHistory, POPULATION_CHART_HEIGHT } from '#web/features/analysis/population-history.ts';
import { formatCount } from '#web/lib/format.ts';

const COUNT_AXIS: uPlot.Axis = {
  ...AXIS,
  size: 56,
  values: (_plot, ticks) => ticks.map((tick) => formatCount(tick)),
};

interface PopulationChartProps {
  history: GradeHistory;
  /** The observation under the pointer (its index in the history's days), for the caption to read out. */
  onHover: (day: number | null) => void;
}

/** The drawing of one grade's PSA population over the days it was observed (uPlot): a line through them. */
export default function PopulationChart({ history, onHover }: PopulationChartProps) {
  const data = useMemo<uPlot.AlignedData>(
    () => [
      history.days.map((day) => Date.parse(day.observedOn) / 1000),
      history.days.map((day) => day.total),
    ],
    [history],
  );
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      legend: { show: false },
      scales: { x: { time: true } },
      axes: [AXIS, COUNT_AXIS],
      series: [
        {},
        {
          label: `PSA ${history.grade} population`,
          stroke: '#0369a1',
          width: 2,
          points: { show: true, size: 6, fill: '#0369a1' },
        },
      ],
      hooks: {
        setCursor: [(plot) => onHover(plot.cursor.idx ?? null)],
      },
    }),
    [history, onHover],
  );
  return <TimeChart height={POPULATION_CHART_HEIGHT} data={data} options={options} />;
}
