import { ArrowDownRight, ArrowUpRight, ChevronDown, ChevronUp } from 'lucide-react';
import { useState } from 'react';
import { type GradeChoice, isSaleGrader, type Period } from '#shared/sales-constants.ts';
import type { LadderRow, PsaPopulation } from '#shared/schemas/valuation.ts';
import type { SetId } from '#shared/sets.ts';
import { type Column, DataTable } from '#web/components/ui/data-table.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useLadder } from '#web/features/analysis/api/valuation.ts';
import { formatCount, formatDollars, formatPercent, formatWholeDollars } from '#web/lib/format.ts';
import { populationText } from '#web/lib/population-text.ts';

interface GradeLadderProps {
  set: SetId;
  card: string;
  cardName: string;
  period: Period;
  includeFlagged: boolean;
  /** The grade the analysis below is narrowed to, if any. */
  selected: GradeChoice | null;
  onSelect: (choice: GradeChoice | null) => void;
}

function Change({ percent }: { percent: number | null }) {
  if (percent === null) {
    return (
      <span className="text-slate-400">
        <span aria-hidden>—</span>
        <span className="sr-only">Too few sales to compare</span>
      </span>
    );
  }
  const up = percent > 0;
  const down = percent < 0;
  const Arrow = up ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      className={`inline-flex items-center gap-0.5 font-medium whitespace-nowrap tabular-nums ${up ? 'text-emerald-700' : down ? 'text-red-700' : 'text-slate-600'}`}
    >
      {up || down ? <Arrow className="size-3.5 shrink-0" aria-hidden /> : null}
      <span className="sr-only">{up ? 'Up ' : down ? 'Down ' : 'Unchanged, '}</span>
      {formatPercent(percent)}
    </span>
  );
}

/** A rung of the ladder as the table shows it: whether it is the chosen grade, and how to choose it. */
interface Rung {
  row: LadderRow;
  population: PsaPopulation | undefined;
  selected: boolean;
  onSelect: (() => void) | undefined;
}

const RUNG_COLUMNS: Column<Rung>[] = [
  {
    header: 'Grade',
    headerClassName: 'py-1.5 pr-2 pl-3 text-left',
    rowHeader: true,
    cellClassName: ({ selected }) =>
      `py-2 pr-2 pl-3 text-left font-semibold whitespace-nowrap ${selected ? 'text-brand-700 shadow-[inset_4px_0_0_var(--color-brand-600)]' : 'text-slate-900'}`,
    cell: ({ row, population, selected, onSelect }) => {
      const name = `${row.grader} ${row.grade}`;
      return (
        <>
          {onSelect ? (
            // The button covers the whole row, so a click anywhere on it picks the grade.
            <button
              type="button"
              aria-pressed={selected}
              onClick={onSelect}
              className="rounded text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {name}
            </button>
          ) : (
            name
          )}
          {population ? (
            <span className="block text-xs font-normal whitespace-normal text-slate-600">
              {populationText(population)}
            </span>
          ) : null}
        </>
      );
    },
  },
  {
    header: 'Median',
    headerClassName: 'px-2 py-1.5 text-right',
    cellClassName: 'px-2 py-2 text-right',
    cell: ({ row }) => (
      <>
        <span className="block font-bold whitespace-nowrap text-slate-900 tabular-nums">
          {formatDollars(row.median)}
        </span>
        {/* On a phone the range may break after its dash, so a 90-day change beside it still fits. */}
        <span className="block text-xs text-slate-600 tabular-nums sm:whitespace-nowrap">
          <span className="sr-only">Middle half from </span>
          {formatWholeDollars(row.q1)}
          <span aria-hidden>–</span>
          <span className="sr-only"> to </span>
          {formatWholeDollars(row.q3)}
        </span>
        {/* On a phone the count sits here rather than in a column of its own, so the ladder fits. */}
        <span className="block text-xs text-slate-600 tabular-nums sm:hidden">
          {row.count === 1 ? '1 sale' : `${formatCount(row.count)} sales`}
        </span>
      </>
    ),
  },
  {
    header: 'Sales',
    headerClassName: 'hidden px-2 py-1.5 text-right sm:table-cell',
    cellClassName: 'hidden px-2 py-2 text-right text-slate-700 tabular-nums sm:table-cell',
    cell: ({ row }) => formatCount(row.count),
  },
  {
    header: (
      <abbr title="Change of the median over the last 90 days" className="no-underline">
        90 days
      </abbr>
    ),
    headerClassName: 'px-2 py-1.5 text-right',
    cellClassName: 'px-2 py-2 text-right text-xs',
    cell: ({ row }) => <Change percent={row.change90d} />,
  },
  {
    header: (
      <abbr title="Median ÷ the median of the next lower grade" className="no-underline">
        × next
      </abbr>
    ),
    headerClassName: 'py-1.5 pr-3 pl-2 text-right',
    cellClassName: 'py-2 pr-3 pl-2 text-right text-xs whitespace-nowrap text-slate-700 tabular-nums',
    cell: ({ row }) =>
      row.multiplierToNext === null ? (
        <span className="text-slate-400">
          <span aria-hidden>—</span>
          <span className="sr-only">No lower grade</span>
        </span>
      ) : (
        `${row.multiplierToNext}×`
      ),
  },
];

/** Rows shown before "Show all grades": the top of the ladder, where most collectors look. */
const FIRST_ROWS = 6;

/**
 * The grade ladder (docs/product.md §2): a row per grader and grade with its median prominent, the middle
 * half of its prices, its sales, the 90-day change and the multiplier to the next lower grade. Picking a
 * row narrows the statistics, chart and table below to that grade; picking it again shows all grades.
 */
export function GradeLadder({
  set,
  card,
  cardName,
  period,
  includeFlagged,
  selected,
  onSelect,
}: GradeLadderProps) {
  const ladder = useLadder(set, card, period, includeFlagged);
  const [showAll, setShowAll] = useState(false);
  const rows = ladder.data?.rows ?? [];
  // The chosen grade stays in view when the rest of the ladder is folded away.
  const shown = showAll
    ? rows
    : rows.filter(
        (row, index) =>
          index < FIRST_ROWS || (row.grader === selected?.grader && row.grade === selected.grade),
      );
  return (
    <section aria-labelledby="ladder-heading" className="rounded-2xl border border-slate-200 bg-white">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-3 pt-3 sm:px-4">
        <h3 id="ladder-heading" className="font-semibold text-slate-900">
          Grade ladder
        </h3>
        <p className="text-xs text-slate-600">Median by grade. Pick a grade to see its sales.</p>
      </div>
      {ladder.isError ? (
        <div className="p-3">
          <ErrorNotice message={ladder.error.message} onRetry={() => void ladder.refetch()} />
        </div>
      ) : ladder.isPending ? (
        <p role="status" className="px-4 py-6 text-center text-sm text-slate-600">
          Loading the grade ladder…
        </p>
      ) : ladder.data.rows.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-600">No graded sales in this period.</p>
      ) : (
        <DataTable
          className="mt-2 w-full text-sm"
          caption={`Grade ladder of ${cardName}: median price, middle half of prices, sales, change over 90 days and multiplier to the next lower grade, for each grader and grade`}
          headRowClassName="text-xs font-semibold text-slate-600"
          bodyClassName={ladder.isPlaceholderData ? 'opacity-60' : undefined}
          columns={RUNG_COLUMNS}
          rows={shown.map((row): Rung => {
            const { grader, grade } = row;
            const isSelected = selected?.grader === grader && selected.grade === grade;
            return {
              row,
              population:
                grader === 'PSA'
                  ? ladder.data?.psaPopulations.find((observed) => observed.grade === grade)
                  : undefined,
              selected: isSelected,
              onSelect: isSaleGrader(grader)
                ? () => onSelect(isSelected ? null : { grader, grade })
                : undefined,
            };
          })}
          rowKey={({ row }) => `${row.grader}|${row.grade}`}
          rowClassName={({ selected, onSelect }) =>
            `relative border-t border-slate-100 ${selected ? 'bg-brand-50' : onSelect ? 'hover:bg-slate-50' : ''}`
          }
        />
      )}
      {rows.length > FIRST_ROWS ? (
        <div className="border-t border-slate-100 px-3 py-2 text-center">
          <button
            type="button"
            aria-expanded={showAll}
            onClick={() => setShowAll(!showAll)}
            className="inline-flex items-center gap-1 rounded px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {showAll ? (
              <ChevronUp className="size-4" aria-hidden />
            ) : (
              <ChevronDown className="size-4" aria-hidden />
            )}
            {showAll ? 'Show fewer grades' : `Show all ${rows.length} grades`}
          </button>
        </div>
      ) : null}
    </section>
  );
}
