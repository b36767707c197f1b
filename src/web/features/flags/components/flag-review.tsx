import { useState } from 'react';
import { FLAG_STATUSES, type FlagDecision, type QueuedFlag } from '#shared/schemas/flags.ts';
import { getSet } from '#shared/sets.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { EmptyState, ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { type FlagStatus, useDecideFlag, useFlagQueue } from '#web/features/flags/api/flag-queue.ts';
import { flagLabel } from '#web/lib/flag-labels.ts';
import { formatCount, formatDollars, formatSaleDate } from '#web/lib/format.ts';

const STATUS_LABELS: Record<FlagStatus, string> = {
  open: 'To review',
  confirmed: 'Confirmed',
  cleared: 'Cleared',
};

/** What an admin can do with a flag in each status; reopening is the undo of either decision. */
const ACTIONS: Record<FlagStatus, { decision: FlagDecision; label: string }[]> = {
  open: [
    { decision: 'confirm', label: 'Confirm' },
    { decision: 'clear', label: 'Clear' },
  ],
  confirmed: [{ decision: 'reopen', label: 'Undo' }],
  cleared: [{ decision: 'reopen', label: 'Undo' }],
};

const PAGE_SIZE = 25;

function FlagItem({ flag }: { flag: QueuedFlag }) {
  const decide = useDecideFlag();
  const sale = `${getSet(flag.setId).name} ${flag.cardName}${flag.grader ? `, ${flag.grader} ${flag.grade ?? ''}` : ''}`;
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium text-slate-900">
          {sale} · {formatDollars(flag.price)} · <time dateTime={flag.date}>{formatSaleDate(flag.date)}</time>{' '}
          · {flag.seller}
        </p>
        <p className="mt-0.5 text-slate-700">
          <span className="mr-1.5 inline-block rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900">
            {flagLabel(flag.code)}
            <span className="sr-only">:</span>
          </span>
          {flag.reason}
        </p>
        {flag.title ? <p className="mt-0.5 text-xs break-words text-slate-500">“{flag.title}”</p> : null}
        {flag.decidedBy && flag.decidedAt ? (
          <p className="mt-0.5 text-xs text-slate-500">
            {STATUS_LABELS[flag.status]} by {flag.decidedBy} on {formatSaleDate(flag.decidedAt)}
          </p>
        ) : null}
        {decide.isError ? (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {decide.error.message}
          </p>
        ) : null}
      </div>
      <div className="flex gap-2">
        {ACTIONS[flag.status].map((action) => (
          <Button
            key={action.decision}
            variant={action.decision === 'confirm' ? 'secondary' : 'primary'}
            disabled={decide.isPending}
            aria-label={`${action.label}: ${flag.code} on ${sale}, ${formatDollars(flag.price)}`}
            onClick={() => decide.mutate({ flag, decision: action.decision })}
          >
            {action.label}
          </Button>
        ))}
      </div>
    </li>
  );
}

/**
 * The review queue of flagged sales (docs/product.md §11): confirm keeps a sale out of the statistics, clear
 * lets it count again, and Undo reopens either decision.
 */
export function FlagReview() {
  const [status, setStatus] = useState<FlagStatus>('open');
  const [page, setPage] = useState(1);
  const queue = useFlagQueue(status, page);
  return (
    <section aria-labelledby="flag-review-heading" className="space-y-4">
      <h2 id="flag-review-heading" className="sr-only">
        Flagged sales
      </h2>
      <div role="tablist" aria-label="Flags by status" className="flex gap-2">
        {FLAG_STATUSES.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            aria-selected={status === each}
            onClick={() => {
              setStatus(each);
              setPage(1);
            }}
            className={`rounded-full border px-3 py-1 text-sm font-medium ${status === each ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 text-slate-700'}`}
          >
            {STATUS_LABELS[each]}
          </button>
        ))}
      </div>
      {queue.isPending ? <Spinner label="Loading flags…" /> : null}
      {queue.isError ? (
        <ErrorNotice message={queue.error.message} onRetry={() => void queue.refetch()} />
      ) : null}
      {queue.data ? (
        <>
          <p className="text-sm text-slate-600">
            {formatCount(queue.data.total)} {queue.data.total === 1 ? 'flag' : 'flags'}
          </p>
          {queue.data.flags.length === 0 ? (
            <EmptyState>Nothing here.</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
              {queue.data.flags.map((flag) => (
                <FlagItem key={`${flag.saleId}/${flag.code}`} flag={flag} />
              ))}
            </ul>
          )}
          <Pagination
            page={page}
            pageCount={Math.max(1, Math.ceil(queue.data.total / PAGE_SIZE))}
            onPageChange={setPage}
            label="Flag pages"
          />
        </>
      ) : null}
    </section>
  );
}
