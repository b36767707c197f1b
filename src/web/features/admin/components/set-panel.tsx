import { CalendarMinus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { dayBefore } from '#shared/schemas/admin.ts';
import { getSet, type SetId } from '#shared/sets.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useSalesByDays } from '#web/features/admin/api/sales-by-day.ts';
import { useSelection } from '#web/features/admin/use-selection.ts';
import { DayGroup } from './day-group.tsx';
import { DeleteSelected } from './delete-selected.tsx';

/** docs/product.md §4 admin sales: one set's recent sales by day, from yesterday back one day per Load Previous Day. */
export function SetPanel({ setId }: { setId: SetId }) {
  const [days, setDays] = useState(1);
  const queries = useSalesByDays(setId, days);
  const headingId = useId();
  const visibleIds = useMemo(
    () => queries.flatMap((query) => query.data?.sales.map((sale) => sale.saleId) ?? []),
    [queries],
  );
  const selection = useSelection(visibleIds);
  const name = getSet(setId).name;

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 space-y-3 rounded-2xl border border-slate-200 bg-slate-100/60 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-ink">
          {name}
        </h2>
        <DeleteSelected saleIds={selection.ids} onDeleted={selection.clear} />
      </div>
      {queries.map((query, index) => {
        const offset = index + 1;
        return (
          <DayGroup
            key={offset}
            date={query.data?.date ?? dayBefore(offset)}
            query={query}
            selection={selection}
          />
        );
      })}
      <Button variant="secondary" className="w-full" onClick={() => setDays(days + 1)}>
        <CalendarMinus className="size-4" aria-hidden />
        Load Previous Day
        <span className="sr-only"> for {name}</span>
      </Button>
    </section>
  );
}
