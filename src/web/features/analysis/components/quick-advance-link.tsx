import { HandCoins } from 'lucide-react';
import { Link } from 'react-router';
import { maxAdvance, quickAdvanceHref } from '#shared/advance-terms.ts';
import { buttonClass } from '#web/components/ui/button.tsx';
import { type SlabChoice, useEstimate } from '#web/features/analysis/api/valuation.ts';
import { formatDollars } from '#web/lib/format.ts';

/**
 * **Quick Advance** (docs/product.md §2): shown when the card's value — the chosen slab's estimate, or the
 * median of the period when no slab is chosen or it has no estimate — reaches the advance minimum. It opens
 * the card advances page with that value in its calculator.
 */
export function QuickAdvanceLink({ slab, median }: { slab: SlabChoice | null; median: number }) {
  // The estimate panel asks for the same estimate; the query is shared, not asked twice.
  const estimate = useEstimate(slab);
  if (slab !== null && !estimate.isSuccess) return null;
  const value = (slab !== null ? estimate.data?.estimate : null) ?? median;
  const href = quickAdvanceHref(value);
  if (href === undefined) return null;
  return (
    <Link to={href} className={buttonClass('secondary', 'w-full sm:w-auto')}>
      <HandCoins className="size-4 text-amber-600" aria-hidden />
      Quick Advance
      <span className="font-normal text-slate-600">up to {formatDollars(maxAdvance(value))}</span>
    </Link>
  );
}
