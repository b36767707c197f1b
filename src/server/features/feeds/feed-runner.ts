import { MAX_KEPT_REFUSALS } from '#shared/schemas/feeds.ts';
import type { AppContext } from '../../context.ts';
import { RecordImport } from '../../sales/read/record-import.ts';
import { MAX_TITLE_LENGTH } from '../../sales/read/sale-provenance.ts';
import { knownSourceRefs } from '../../sales/write/sales-writer.repository.ts';
import { adapterRun } from './adapters/adapters.ts';
import { FeedError, type FeedSink, type RunCounts } from './adapters/feed-adapter.ts';
import * as repository from './feeds.repository.ts';

export type RunContext = Pick<AppContext, 'config' | 'database' | 'media' | 'salesEvents'>;

/** Attempts of a run in all, the first included, before it is given up as failed. */
const MAX_ATTEMPTS = 4;
/** How often a working instance renews a run's heartbeat, and how old one may get before the run is taken over. */
const HEARTBEAT_MS = 15_000;
export const STALE_AFTER_MS = 60_000;

/** The wait before attempt n + 1 after attempt n failed: the base, four times longer each time. */
function retryDelayMs(attempt: number, baseMs: number): number {
  return baseMs * 4 ** (attempt - 1);
}

/** A refused row's title as listed: no longer than a stored title may be, so a hostile one is not kept whole. */
function shortTitle(title: string): string {
  return title.length > MAX_TITLE_LENGTH ? `${title.slice(0, MAX_TITLE_LENGTH)}…` : title;
}

function messageOf(error: unknown): string {
  if (error instanceof FeedError) return error.message;
  return `Unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Runs one attempt of a feed run on this instance, if it can claim it. Records go through the importer and
 * are committed with the run's counts and checkpoint at every checkpoint the adapter marks. A failed attempt
 * keeps what was committed, records the error and, while attempts remain, asks for a retry after a growing
 * wait (`retry`); a stopped server hands the run back (`releaseRun`).
 */
export async function executeRun(
  context: RunContext,
  runId: string,
  options: { signal: AbortSignal; retry: (runId: string, delayMs: number) => Promise<void> },
): Promise<void> {
  const db = context.database.db;
  const now = () => new Date().toISOString();
  const claimed = await repository.claimRun(
    db,
    runId,
    now(),
    new Date(Date.now() - STALE_AFTER_MS).toISOString(),
  );
  if (!claimed) return;
  const feed = await repository.findFeed(db, claimed.feed_id);
  if (!feed) return;

  const heartbeat = setInterval(() => {
    repository.renewHeartbeat(db, runId, now()).catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const committed: RunCounts = {
    stored: claimed.stored,
    duplicates: claimed.duplicates,
    refused: claimed.refused,
  };
  let pendingRefusals: { title: string | null; reason: string }[] = [];
  let refusedSinceCommit = 0;
  const refuse = (title: string | null, reason: string) => {
    if (committed.refused + refusedSinceCommit < MAX_KEPT_REFUSALS) pendingRefusals.push({ title, reason });
    refusedSinceCommit += 1;
  };
  const importer = await RecordImport.open(context, (record, reason) =>
    refuse(typeof record.title === 'string' ? shortTitle(record.title) : null, reason),
  );
  // The importer counts from zero in this attempt; earlier attempts' counts come with the claimed run.
  const beforeAttempt = { ...committed };

  const sink: FeedSink = {
    add: (record) => importer.add(record),
    refuse: (reason) => refuse(null, reason),
    async checkpoint(position, progress) {
      const refusals = pendingRefusals;
      let counts: RunCounts = committed;
      // The counts are taken inside the transaction, after the importer stored the pending rows.
      await importer.commit((trx) => {
        counts = {
          stored: beforeAttempt.stored + importer.stored,
          duplicates: beforeAttempt.duplicates + importer.duplicates,
          refused: committed.refused + refusedSinceCommit,
        };
        return repository.saveProgress(
          trx,
          runId,
          {
            ...counts,
            progress_done: progress.done,
            progress_total: progress.total,
            checkpoint: JSON.stringify(position),
          },
          refusals,
          now(),
        );
      });
      const newSales = counts.stored > committed.stored;
      Object.assign(committed, counts);
      pendingRefusals = [];
      refusedSinceCommit = 0;
      if (newSales) context.salesEvents.changed();
      return { ...committed };
    },
    storedAlready: (sourceRefs) => knownSourceRefs(context.database, sourceRefs),
    recordError: (message) => repository.recordRunError(db, runId, message, now()),
  };

  try {
    const result = await adapterRun(feed.adapter)(
      {
        runId,
        settings: JSON.parse(feed.settings),
        secrets: JSON.parse(feed.secrets),
        state: JSON.parse(feed.state),
        resumeFrom: claimed.checkpoint === null ? null : JSON.parse(claimed.checkpoint),
        startedAt: claimed.started_at ?? now(),
        config: context.config,
        signal: options.signal,
      },
      sink,
    );
    await importer.close();
    await repository.saveFeedState(db, feed.id, JSON.stringify(result.state), now());
    await repository.finishRun(db, runId, 'succeeded', now());
  } catch (error) {
    await importer.abort();
    if (options.signal.aborted) {
      await repository.releaseRun(db, runId);
      return;
    }
    await repository.recordRunError(db, runId, messageOf(error), now());
    const retry = !(error instanceof FeedError) || error.retry;
    if (retry && claimed.attempts < MAX_ATTEMPTS) {
      const delayMs = retryDelayMs(claimed.attempts, context.config.feedRetryBaseMs);
      await repository.retryRunAt(db, runId, new Date(Date.now() + delayMs).toISOString());
      await options.retry(runId, delayMs);
    } else {
      await repository.finishRun(db, runId, 'failed', now());
    }
  } finally {
    clearInterval(heartbeat);
  }
}
