import { lazy, Suspense, useState } from 'react';
import type { GradeChoice } from '#shared/sales-constants.ts';
import type { SetId } from '#shared/sets.ts';
import { WhenInView } from '#web/components/ui/when-in-view.tsx';
import { usePopulations } from '#web/features/analysis/api/valuation.ts';
import {
  type GradeHistory,
  gradeHistories,
  POPULATION_CHART_HEIGHT,
} from '#web/features/analysis/population-history.ts';
import { formatSaleDate } from '#web/lib/format.ts';
import { populationText } from '#web/lib/population-text.ts';

// uPlot comes with the price history's chart; this one downloads and draws only once its place is in view.
const PopulationChart = lazy(() => import('./population-chart.tsx'));

const loading = (
  <p
    className="flex items-center justify-center text-sm text-slate-500"
    style={{ height: POPULATION_CHART_HEIGHT }}
  >
    Loading chart…
  </p>
);

interface PopulationHistoryProps {
  set: SetId;
  card: string;
  /** The grade the analysis is narrowed to: its history is shown first when it has one. */
  selected: GradeChoice | null;
}

/**
 * PSA's population of the card over time (docs/product.md §3): a small chart of a grade's figures on the days
 * certificate lookups observed them. Nothing at all without a grade observed on several days: no figure is
 * ever filled in between or carried over.
 */
export function PopulationHistory({ set, card, selected }: PopulationHistoryProps) {
  const populations = usePopulations(set, card);
  const histories = gradeHistories(populations.data?.observations ?? []);
  const [picked, setPicked] = useState<number | null>(null);
  if (histories.length === 0) return null;
  const preferred = picked ?? (selected?.grader === 'PSA' ? selected.grade : null);
  const history = histories.find((each) => each.grade === preferred) ?? histories[0]!;
  return (
    <section
      aria-labelledby="population-history-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id="population-history-heading" className="font-semibold text-slate-900">
          PSA population over time
        </h3>
        {histories.length > 1 ? (
          <fieldset className="flex flex-wrap gap-1">
            <legend className="sr-only">Grade</legend>
            {histories.map((each) => (
              <button
                key={each.grade}
                type="button"
                aria-pressed={each.grade === history.grade}
                onClick={() => setPicked(each.grade)}
                className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium text-slate-700 aria-pressed:border-ink aria-pressed:bg-ink aria-pressed:text-white"
              >
                PSA {each.grade}
              </button>
            ))}
          </fieldset>
        ) : null}
      </div>
      <GradeFigure key={history.grade} history={history} />
    </section>
  );
}

function GradeFigure({ history }: { history: GradeHistory }) {
  const [hovered, setHovered] = useState<number | null>(null);
  const first = history.days[0]!;
  const last = history.days.at(-1)!;
  const shown = hovered === null ? undefined : history.days[hovered];
  return (
    <figure className="m-0">
      <div
        role="img"
        aria-label={`PSA ${history.grade} population on ${history.days.length} days: ${populationText(first)}; ${populationText(last)}`}
        className="w-full overflow-hidden"
      >
        <WhenInView placeholder={loading}>
          <Suspense fallback={loading}>
            <PopulationChart history={history} onHover={setHovered} />
          </Suspense>
        </WhenInView>
      </div>
      <figcaption className="mt-2 text-xs text-slate-600 tabular-nums">
        {shown
          ? `PSA ${history.grade} on ${formatSaleDate(shown.observedOn)}: ${populationText(shown)}`
          : `PSA ${history.grade}, observed on ${history.days.length} days from ${formatSaleDate(first.observedOn)}: now ${populationText(last)}`}
      </figcaption>
    </figure>
  );
}
