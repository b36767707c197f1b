import { useState } from 'react';
import type { FeedRun } from '#shared/schemas/feeds.ts';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState, ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { isRunActive, useFeedRunDetail, useFeedRuns } from '#web/features/feeds/api/feeds.ts';
import { formatUtc } from '#web/features/feeds/feed-format.ts';
import { formatCount } from '#web/lib/format.ts';
import { RunProgress } from './run-progress.tsx';

const STATUS_LABELS: Record<FeedRun['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  retrying: 'Retrying',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

const STATUS_CLASSES: Record<FeedRun['status'], string> = {
  queued: 'bg-slate-100 text-slate-800',
  running: 'bg-blue-100 text-blue-900',
  retrying: 'bg-amber-100 text-amber-900',
  succeeded: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

export function RunStatus({ status }: { status: FeedRun['status'] }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASSES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** Stored, duplicate, refused and errors: the four counts of a run. */
export function RunCounts({ run }: { run: FeedRun }) {
  const counts: [string, number][] = [
    ['Stored', run.stored],
    ['Duplicate', run.duplicates],
    ['Refused', run.refused],
    ['Errors', run.errors],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
      {counts.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-semibold text-ink">{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One run: its counts, progress while it goes, its errors and every refused row with its reason. */
function RunDetail({ runId }: { runId: string }) {
  const detail = useFeedRunDetail(runId);
  if (detail.isPending) return <Spinner label="Loading the run…" />;
  if (detail.isError) return <ErrorNotice message={detail.error.message} onRetry={() => detail.refetch()} />;
  const { run, refusals, errors } = detail.data;
  return (
    <div className="space-y-4">
      <RunCounts run={run} />
      {isRunActive(run) ? <RunProgress run={run} label="Progress of this run" /> : null}
      <section aria-label="Errors" className="space-y-2">
        <h4 className="text-sm font-semibold text-slate-800">Errors</h4>
        {errors.length === 0 ? (
          <p className="text-sm text-slate-600">No errors.</p>
        ) : (
          <ul className="space-y-1 text-sm text-red-800">
            {errors.map((error) => (
              <li key={`${error.at}-${error.message}`}>
                <span className="text-slate-600">{formatUtc(error.at)}:</span> {error.message}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Refused rows" className="space-y-2">
        <h4 className="text-sm font-semibold text-slate-800">Refused rows</h4>
        {refusals.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing was refused.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
            {refusals.map((refusal, index) => (
              // Refusals have no id of their own; their order in the run is fixed.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={index} className="space-y-0.5 px-3 py-2">
                <p className="font-medium break-words text-ink">{refusal.title ?? 'A row without a title'}</p>
                <p className="text-slate-700">{refusal.reason}</p>
              </li>
            ))}
          </ul>
        )}
        {run.refused > refusals.length ? (
          <p className="text-sm text-slate-600">
            The first {formatCount(refusals.length)} of {formatCount(run.refused)} refused rows are kept.
          </p>
        ) : null}
      </section>
    </div>
  );
}

/** A feed's newest runs; choosing one shows what it did. */
export function FeedRuns({ feedId }: { feedId: string }) {
  const runs = useFeedRuns(feedId);
  const [chosen, setChosen] = useState<string | null>(null);
  if (runs.isPending) return <Spinner label="Loading runs…" />;
  if (runs.isError) return <ErrorNotice message={runs.error.message} onRetry={() => runs.refetch()} />;
  if (runs.data.runs.length === 0) return <EmptyState>This feed has not run yet.</EmptyState>;
  const shown = chosen ?? runs.data.runs[0]!.id;
  return (
    <div className="space-y-4">
      <ul className="space-y-2" aria-label="Runs">
        {runs.data.runs.map((run) => (
          <li key={run.id}>
            <Button
              variant={run.id === shown ? 'secondary' : 'ghost'}
              aria-pressed={run.id === shown}
              className="w-full justify-between text-left"
              onClick={() => setChosen(run.id)}
            >
              <span>
                {formatUtc(run.createdAt)} · {run.trigger === 'manual' ? 'Run now' : 'Scheduled'}
              </span>
              <RunStatus status={run.status} />
            </Button>
          </li>
        ))}
      </ul>
      <RunDetail runId={shown} />
    </div>
  );
}
