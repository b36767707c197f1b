import { Users } from 'lucide-react';
import type { SetId } from '#shared/sets.ts';
import { useDemand } from '#web/features/demand/api/demand.ts';
import { formatCount, formatDollars } from '#web/lib/format.ts';

function collectorsText(count: number): string {
  return count === 1 ? '1 collector wants this card' : `${formatCount(count)} collectors want this card`;
}

/**
 * docs/product.md §10: how many collectors have the card on their Want to Buy list, by grade, and the open
 * offers on it; never who. Quiet while loading or failing: it is an aside to the results below it.
 */
export function CardDemand({ set, card }: { set: SetId; card: string }) {
  const demand = useDemand(set, card);
  if (!demand.data) return null;
  const { collectors, wanted, openOffers } = demand.data;
  const byGrade = wanted
    .filter((row) => row.grade !== null)
    .map((row) => `${row.grader ?? 'grade'} ${row.grade}: ${formatCount(row.collectors)}`);
  return (
    <div className="flex items-start gap-2 text-sm text-slate-700" data-testid="card-demand">
      <Users className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
      <p>
        <span className="font-semibold text-slate-900">
          {collectors === 0
            ? 'No collector has this card on their Want to Buy list yet'
            : collectorsText(collectors)}
        </span>
        {byGrade.length > 0 ? <span> ({byGrade.join(', ')})</span> : null}
        {openOffers.count > 0 ? (
          <span>
            {' · '}
            {openOffers.count === 1 ? '1 open offer' : `${formatCount(openOffers.count)} open offers`},
            highest {formatDollars(openOffers.highest ?? 0)}
          </span>
        ) : null}
      </p>
    </div>
  );
}
