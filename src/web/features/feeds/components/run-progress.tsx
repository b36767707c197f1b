import type { FeedRun } from '#shared/schemas/feeds.ts';
import { formatUtc } from '#web/features/feeds/feed-format.ts';

const STATUS_TEXT: Record<FeedRun['status'], string> = {
  queued: 'Waiting to start…',
  running: 'Running…',
  retrying: 'Waiting to try again…',
  succeeded: 'Finished',
  failed: 'Failed',
};

/** How far a run that is going has got; a bar without a value while the amount of work is not known yet. */
export function RunProgress({ run, label }: { run: FeedRun; label: string }) {
  const { done, total } = run.progress;
  const known = total > 0;
  const percent = known ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const retryAt = run.status === 'retrying' ? run.nextAttemptAt : null;
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? percent : undefined}
        aria-valuetext={known ? `${percent}%` : STATUS_TEXT[run.status]}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full bg-brand-600 transition-[width] ${known ? '' : 'w-1/3 animate-pulse'}`}
          style={known ? { width: `${percent}%` } : undefined}
        />
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {STATUS_TEXT[run.status]} {known ? `${percent}%` : ''}
        {retryAt ? ` Attempt ${run.attempts + 1} at ${formatUtc(retryAt)}.` : ''}
      </p>
    </div>
  );
}
