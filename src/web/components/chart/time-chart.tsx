import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { formatDollarsCompact } from '#web/lib/format.ts';

/** The look of a chart's axes: slate labels, light grid and ticks. */
export const AXIS: uPlot.Axis = {
  stroke: '#475569',
  grid: { stroke: '#e2e8f0', width: 1 },
  ticks: { stroke: '#cbd5e1', width: 1 },
};

/** A value axis in dollars, short enough for a phone ("$1.2K"); minor ticks of a log scale (null) unlabelled. */
export const DOLLAR_AXIS: uPlot.Axis = {
  ...AXIS,
  size: 64,
  values: (_plot, ticks) => ticks.map((tick) => (tick === null ? '' : formatDollarsCompact(tick))),
};

interface TimeChartProps {
  height: number;
  /** Times in seconds, then one column per series. */
  data: uPlot.AlignedData;
  /** Everything but the size, which follows the chart's place on the page. */
  options: Omit<uPlot.Options, 'width' | 'height'>;
}

/**
 * uPlot follows a mouse only. A finger that touches or slides over the plot moves its cursor too, so a tap
 * reads out the point under it on a phone as a pointer does on a laptop; the mouse events the browser makes up
 * after a tap, which end in leaving the plot, do not take the reading away again.
 */
function touchable(
  options: Omit<uPlot.Options, 'width' | 'height'>,
): Omit<uPlot.Options, 'width' | 'height'> {
  let touching = false;
  const follow = (plot: uPlot) => (event: PointerEvent) => {
    touching = event.pointerType !== 'mouse';
    if (!touching) return;
    const box = plot.over.getBoundingClientRect();
    plot.setCursor({ left: event.clientX - box.left, top: event.clientY - box.top });
  };
  return {
    ...options,
    cursor: {
      ...options.cursor,
      bind: {
        mouseleave: (_plot, _target, handler) => (event) => (touching ? null : handler(event)),
      },
    },
    hooks: {
      ...options.hooks,
      ready: [
        ...(options.hooks?.ready ?? []),
        (plot) => {
          plot.over.addEventListener('pointerdown', follow(plot));
          plot.over.addEventListener('pointermove', follow(plot));
        },
      ],
    },
  };
}

/** A uPlot chart over time, as wide as its place and redrawn when that changes. */
export function TimeChart({ height, data, options }: TimeChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let plot: uPlot | undefined;
    const observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height }));
    // Drawing is a chart's largest piece of work; in a task of its own rather than in the one that mounts
    // the chart, neither holds up a phone's main thread for long.
    const draw = setTimeout(() => {
      plot = new uPlot({ ...touchable(options), width: element.clientWidth, height }, data, element);
      observer.observe(element);
    });
    return () => {
      clearTimeout(draw);
      observer.disconnect();
      plot?.destroy();
    };
  }, [height, data, options]);

  // The chart's height before it is drawn, so nothing below it moves when it is.
  return <div ref={container} style={{ minHeight: height }} />;
}
