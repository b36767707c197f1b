import { ErrorNotice } from '#web/components/ui/states.tsx';
import { type SlabChoice, useEstimate } from '#web/features/analysis/api/valuation.ts';
import { estimateBasisText } from '#web/lib/estimate-text.ts';
import { formatDollars } from '#web/lib/format.ts';

/**
 * What one slab of the card is worth now (docs/product.md §2): the estimate, its 80 % range, and what it
 * stands on.
 */
export function SlabEstimatePanel({ slab }: { slab: SlabChoice }) {
  const estimate = useEstimate(slab);
  const name = `${slab.grader} ${slab.grade}`;
  return (
    <section
      aria-labelledby="estimate-heading"
      aria-busy={estimate.isPending}
      className="rounded-2xl border border-brand-100 bg-brand-50 p-4 sm:p-5"
    >
      <h3 id="estimate-heading" className="font-semibold text-slate-900">
        Estimated value, {name}
      </h3>
      {estimate.isError ? (
        <div className="mt-3">
          <ErrorNotice message={estimate.error.message} onRetry={() => void estimate.refetch()} />
        </div>
      ) : estimate.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-500">
          Estimating…
        </p>
      ) : (
        <>
          {estimate.data.estimate !== null && estimate.data.low !== null && estimate.data.high !== null ? (
            <dl className="mt-2 flex flex-wrap items-baseline gap-x-4 gap-y-1">
              <div>
                <dt className="sr-only">Estimate</dt>
                <dd className="text-2xl font-bold text-slate-900 tabular-nums">
                  {formatDollars(estimate.data.estimate)}
                </dd>
              </div>
              <div className="flex gap-1.5 text-sm">
                <dt className="text-slate-600">80% range</dt>
                <dd className="font-medium whitespace-nowrap text-slate-900 tabular-nums">
                  {formatDollars(estimate.data.low)} – {formatDollars(estimate.data.high)}
                </dd>
              </div>
            </dl>
          ) : null}
          <p className="mt-2 text-sm text-slate-700">{estimateBasisText(estimate.data, slab.grader)}</p>
        </>
      )}
    </section>
  );
}
