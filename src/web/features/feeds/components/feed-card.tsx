import { Pause, Play, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { FEED_ADAPTER_LABELS, type Feed } from '#shared/schemas/feeds.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { isRunActive, useFeedAction } from '#web/features/feeds/api/feeds.ts';
import { formatUtc } from '#web/features/feeds/feed-format.ts';
import { DeleteFeed } from './delete-feed.tsx';
import { FeedRuns, RunCounts, RunStatus } from './feed-runs.tsx';
import { RunProgress } from './run-progress.tsx';

/** Where the feed reads from, in a line: the file's address, the folder, the sets asked for on eBay. */
function sourceOf(feed: Feed): string {
  const settings = feed.settings as {
    url?: string;
    folder?: string;
    sets?: string[];
    marketplaceId?: string;
  };
  if (feed.adapter === 'url') return settings.url ?? '';
  if (feed.adapter === 'folder') return `Folder ${settings.folder ?? ''}`;
  return `${settings.marketplaceId ?? 'EBAY_US'}, ${(settings.sets ?? []).length} of 3 sets`;
}

export function FeedCard({ feed }: { feed: Feed }) {
  const ids = useId();
  const action = useFeedAction();
  const [showRuns, setShowRuns] = useState(false);
  const run = feed.latestRun;
  const going = isRunActive(run);
  return (
    <article
      aria-labelledby={`${ids}-name`}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id={`${ids}-name`} className="text-lg font-bold break-words text-ink">
            {feed.name}
          </h2>
          <p className="text-sm break-all text-slate-600">
            {FEED_ADAPTER_LABELS[feed.adapter]} · {sourceOf(feed)}
          </p>
          <p className="text-sm text-slate-700">
            Schedule <code className="rounded bg-slate-100 px-1">{feed.schedule}</code> ·{' '}
            {feed.paused
              ? 'Paused'
              : feed.nextRunAt
                ? `Next run ${formatUtc(feed.nextRunAt)}`
                : 'No next run'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={going || action.isPending}
            onClick={() => action.mutate({ feedId: feed.id, action: 'run' })}
          >
            <RefreshCw className="size-4" aria-hidden />
            Run now
          </Button>
          <Button
            variant="secondary"
            disabled={action.isPending}
            onClick={() => action.mutate({ feedId: feed.id, action: feed.paused ? 'resume' : 'pause' })}
          >
            {feed.paused ? <Play className="size-4" aria-hidden /> : <Pause className="size-4" aria-hidden />}
            {feed.paused ? 'Resume' : 'Pause'}
          </Button>
          <DeleteFeed feed={feed} />
        </div>
      </header>
      {action.isError ? <ErrorNotice message={action.error.message} /> : null}

      {run ? (
        <section aria-label={`Latest run of ${feed.name}`} className="space-y-3">
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span>Latest run {formatUtc(run.createdAt)}</span>
            <RunStatus status={run.status} />
          </p>
          {going ? <RunProgress run={run} label={`Progress of ${feed.name}`} /> : null}
          <RunCounts run={run} />
          {run.lastError ? <p className="text-sm text-red-800">Last error: {run.lastError}</p> : null}
        </section>
      ) : (
        <p className="text-sm text-slate-600">No runs yet.</p>
      )}

      <div>
        <Button
          variant="ghost"
          aria-expanded={showRuns}
          aria-controls={`${ids}-runs`}
          onClick={() => setShowRuns(!showRuns)}
        >
          {showRuns ? 'Hide runs' : 'Runs, errors and refused titles'}
        </Button>
        {showRuns ? (
          <div id={`${ids}-runs`} className="pt-3">
            <FeedRuns feedId={feed.id} />
          </div>
        ) : null}
      </div>
    </article>
  );
}
