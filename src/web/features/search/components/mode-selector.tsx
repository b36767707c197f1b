import { BarChart3, Handshake, type LucideIcon, Users } from 'lucide-react';
import { MODE_LABELS, MODES, type Mode } from '#web/features/search/search-state.ts';

const ICONS: Record<Mode, LucideIcon> = { analyse: BarChart3, consign: Handshake, source: Users };

/** Analyse, Consign or Source: what the search box looks for. Arrow keys move between modes. */
export function ModeSelector({ value, onChange }: { value: Mode; onChange: (mode: Mode) => void }) {
  return (
    <fieldset>
      <legend className="sr-only">Mode</legend>
      <div className="inline-flex rounded-xl border border-slate-200 bg-white p-1 shadow-sm">
        {MODES.map((mode) => {
          const Icon = ICONS[mode];
          return (
            <label
              key={mode}
              className="relative flex cursor-pointer items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 hover:text-slate-900 has-checked:bg-ink has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 sm:px-4"
            >
              <input
                type="radio"
                name="mode"
                value={mode}
                checked={value === mode}
                onChange={() => onChange(mode)}
                className="absolute inset-0 z-10 cursor-pointer opacity-0"
              />
              <Icon className="size-4" aria-hidden />
              {MODE_LABELS[mode]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
