import { useId } from 'react';
import { PERIOD_LABELS, PERIODS, type Period } from '#shared/sales-constants.ts';

/** All time, 30 days or 90 days: the period of sales a list or an analysis covers. */
export function PeriodSelector({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Period</legend>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
        {PERIODS.map((period) => (
          <label
            key={period}
            className="relative cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700 has-checked:bg-ink has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={period}
              checked={value === period}
              onChange={() => onChange(period)}
              className="absolute inset-0 z-10 cursor-pointer opacity-0"
            />
            {PERIOD_LABELS[period]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
