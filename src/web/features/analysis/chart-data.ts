import type { Series } from '#shared/schemas/sales.ts';

export const CHART_HEIGHT = 280;
export const SALE_COLOUR = 'rgba(3, 105, 161, 0.55)';
export const MEDIAN_COLOUR = '#d97706';
/** The top grades' colours (points and lines), distinct in hue and at least 3:1 against white. */
const GRADE_COLOURS = ['#7c3aed', '#0e7490', '#be185d'];
const OTHER_GRADES_COLOUR = 'rgba(100, 116, 139, 0.45)';

/** All sales under one rolling median, or a rolling median per top grade. */
export type ChartLines = 'all' | 'grades';

/** One thing the chart draws: a set of points or a line, with its legend label and colour. */
export interface ChartLayer {
  label: string;
  kind: 'points' | 'line';
  colour: string;
  t: readonly number[];
  p: readonly number[];
}

/** The point under the pointer on the price chart. */
export interface Hovered {
  label: string;
  at: number;
  price: number;
}

const gradeName = (line: Series['gradeLines'][number]) => `${line.grader} ${line.grade}`;

/** The sales of one grade line (-1: every sale of another grade). */
function pointsOfLine(series: Series, line: number): Pick<ChartLayer, 't' | 'p'> {
  const t: number[] = [];
  const p: number[] = [];
  series.points.g.forEach((g, index) => {
    if (g !== line) return;
    t.push(series.points.t[index]!);
    p.push(series.points.p[index]!);
  });
  return { t, p };
}

/**
 * What the chart draws. With top grades, the sales are points coloured by grade (the rest grey); the lines
 * are the rolling median of all sales, or one per top grade.
 */
export function chartLayers(series: Series, lines: ChartLines): ChartLayer[] {
  const { gradeLines } = series;
  if (gradeLines.length === 0) {
    return [
      { label: 'Sale', kind: 'points', colour: SALE_COLOUR, ...series.points },
      { label: 'Rolling median', kind: 'line', colour: MEDIAN_COLOUR, ...series.median },
    ];
  }
  const points: ChartLayer[] = gradeLines.map((line, index) => ({
    label: `${gradeName(line)} sale`,
    kind: 'points',
    colour: GRADE_COLOURS[index]!,
    ...pointsOfLine(series, index),
  }));
  const others = pointsOfLine(series, -1);
  if (others.t.length > 0) {
    points.push({ label: 'Other grades', kind: 'points', colour: OTHER_GRADES_COLOUR, ...others });
  }
  const medians: ChartLayer[] =
    lines === 'grades'
      ? gradeLines.map((line, index) => ({
          label: `${gradeName(line)} rolling median`,
          kind: 'line',
          colour: GRADE_COLOURS[index]!,
          ...line.median,
        }))
      : [{ label: 'Rolling median', kind: 'line', colour: MEDIAN_COLOUR, ...series.median }];
  return [...points, ...medians];
}

/**
 * uPlot draws every series against one shared x array. Each layer has its own times, so they are merged into
 * one time axis (seconds) with a gap (null) wherever a layer has no value.
 */
export function alignLayers(layers: readonly ChartLayer[]): [number[], ...(number | null)[][]] {
  const rows: { t: number; layer: number; p: number }[] = [];
  layers.forEach((layer, index) => {
    layer.t.forEach((t, i) => {
      rows.push({ t, layer: index, p: layer.p[i]! });
    });
  });
  rows.sort((a, b) => a.t - b.t);
  const columns = layers.map((_, index) => rows.map((row) => (row.layer === index ? row.p : null)));
  return [rows.map((row) => row.t / 1000), ...columns];
}

/** First and last sale time (ms), or null when there are no sales. */
export function saleTimeSpan(series: Series): { from: number; to: number } | null {
  const times = series.points.t;
  if (times.length === 0) return null;
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const t of times) {
    if (t < from) from = t;
    if (t > to) to = t;
  }
  return { from, to };
}
