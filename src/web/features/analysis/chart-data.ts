import type { Series } from '#shared/schemas/sales.ts';

export const CHART_HEIGHT = 280;
export const SALE_COLOUR = 'rgba(3, 105, 161, 0.55)';
export const MEDIAN_COLOUR = '#d97706';

/** The point under the pointer on the price chart. */
export interface Hovered {
  kind: 'Sale' | 'Rolling median';
  at: number;
  price: number;
}

/**
 * uPlot draws every series against one shared x array. Sales and the rolling median have their own times, so
 * they are merged into one time axis (seconds) with a gap (null) wherever a series has no value.
 */
export function alignSeries(series: Series): [number[], (number | null)[], (number | null)[]] {
  const rows: { t: number; sale: number | null; median: number | null }[] = [];
  series.points.t.forEach((t, i) => {
    rows.push({ t, sale: series.points.p[i] ?? null, median: null });
  });
  series.median.t.forEach((t, i) => {
    rows.push({ t, sale: null, median: series.median.p[i] ?? null });
  });
  rows.sort((a, b) => a.t - b.t);
  return [rows.map((row) => row.t / 1000), rows.map((row) => row.sale), rows.map((row) => row.median)];
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
