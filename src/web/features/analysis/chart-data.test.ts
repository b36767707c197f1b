import { describe, expect, it } from 'vitest';
import type { Series } from '#shared/schemas/sales.ts';
import { alignLayers, chartLayers, MEDIAN_COLOUR, SALE_COLOUR, saleTimeSpan } from './chart-data.ts';

const series: Series = {
  points: { t: [3000, 1000, 2000], p: [30, 10, 20], g: [-1, -1, -1] },
  median: { t: [1500, 2500], p: [15, 25] },
  gradeLines: [],
  sampled: false,
};

/** Sales of PSA 10 (line 0), PSA 9 (line 1) and another grade (-1). */
const graded: Series = {
  points: { t: [1000, 2000, 3000, 4000, 5000], p: [100, 50, 110, 7, 55], g: [0, 1, 0, -1, 1] },
  median: { t: [1000, 2000, 3000, 4000, 5000], p: [100, 75, 100, 75, 55] },
  gradeLines: [
    { grader: 'PSA', grade: 10, median: { t: [1000, 3000], p: [100, 105] } },
    { grader: 'PSA', grade: 9, median: { t: [2000, 5000], p: [50, 52.5] } },
  ],
  sampled: false,
};

describe('chart data', () => {
  it('without top grades: the sales as points and one rolling median', () => {
    expect(chartLayers(series, 'grades')).toEqual([
      { label: 'Sale', kind: 'points', colour: SALE_COLOUR, ...series.points },
      { label: 'Rolling median', kind: 'line', colour: MEDIAN_COLOUR, ...series.median },
    ]);
  });

  it('with top grades: points coloured per grade, other grades together, and a line per grade', () => {
    const layers = chartLayers(graded, 'grades');
    expect(layers.map(({ label, kind, t, p }) => ({ label, kind, t, p }))).toEqual([
      { label: 'PSA 10 sale', kind: 'points', t: [1000, 3000], p: [100, 110] },
      { label: 'PSA 9 sale', kind: 'points', t: [2000, 5000], p: [50, 55] },
      { label: 'Other grades', kind: 'points', t: [4000], p: [7] },
      { label: 'PSA 10 rolling median', kind: 'line', t: [1000, 3000], p: [100, 105] },
      { label: 'PSA 9 rolling median', kind: 'line', t: [2000, 5000], p: [50, 52.5] },
    ]);
    expect(new Set(layers.map((layer) => layer.colour)).size).toBe(3);
    expect(layers[0]!.colour).toBe(layers[3]!.colour);
  });

  it('with top grades but all sales under one line: one rolling median', () => {
    expect(chartLayers(graded, 'all').map((layer) => layer.label)).toEqual([
      'PSA 10 sale',
      'PSA 9 sale',
      'Other grades',
      'Rolling median',
    ]);
  });

  it('puts every layer on one time axis in seconds, with gaps where a layer has no value', () => {
    expect(alignLayers(chartLayers(series, 'all'))).toEqual([
      [1, 1.5, 2, 2.5, 3],
      [10, null, 20, null, 30],
      [null, 15, null, 25, null],
    ]);
  });

  it('keeps sales made at the same moment as separate points', () => {
    const [x, sales] = alignLayers(
      chartLayers(
        { ...series, points: { t: [1000, 1000], p: [5, 7], g: [-1, -1] }, median: { t: [], p: [] } },
        'all',
      ),
    );
    expect(x).toEqual([1, 1]);
    expect(sales).toEqual([5, 7]);
  });

  it('knows the first and last sale, and that there is none in an empty series', () => {
    expect(saleTimeSpan(series)).toEqual({ from: 1000, to: 3000 });
    expect(
      saleTimeSpan({
        points: { t: [], p: [], g: [] },
        median: { t: [], p: [] },
        gradeLines: [],
        sampled: false,
      }),
    ).toBeNull();
  });
});
