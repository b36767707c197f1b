import crypto from 'node:crypto';
import type { DatabaseHandle } from '../../db/connect.ts';
import { STALE_AFTER_MS } from './feed-runner.ts';
import { nextScheduledRun } from './feed-schedule.ts';
import * as repository from './feeds.repository.ts';

export function newRunId(): string {
  return `run_${Date.now().toString(36)}${crypto.randomBytes(6).toString('hex')}`;
}

/**
 * Queues a run of every feed whose schedule has come round, moving its next run on. Several instances may
 * look at once: the compare-and-set on next_run_at lets one of them have each due time, and the database
 * allows one run under way per feed. A feed still running its last run skips this turn. Returns the runs queued.
 */
export async function queueDueFeeds(database: DatabaseHandle, now: Date = new Date()): Promise<string[]> {
  const queued: string[] = [];
  for (const feed of await repository.dueFeeds(database.db, now.toISOString())) {
    const runId = newRunId();
    const created = await database.db.transaction().execute(async (trx) => {
      const next = nextScheduledRun(feed.schedule, feed.next_run_at!, now);
      if (!(await repository.advanceSchedule(trx, feed.id, feed.next_run_at!, next))) return false;
      return repository.insertRun(trx, {
        id: runId,
        feed_id: feed.id,
        trigger: 'schedule',
        created_at: now.toISOString(),
      });
    });
    if (created) queued.push(runId);
  }
  return queued;
}

/** Runs whose instance is gone (stopped renewing the heartbeat), to be queued again. */
export async function abandonedRunIds(database: DatabaseHandle, now: Date = new Date()): Promise<string[]> {
  const staleBefore = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
  return (await repository.abandonedRuns(database.db, staleBefore)).map((run) => run.id);
}

/** What a scheduler tick queues: the abandoned runs again, then a run of every feed that is due. */
export async function runsToQueue(database: DatabaseHandle): Promise<string[]> {
  return [...(await abandonedRunIds(database)), ...(await queueDueFeeds(database))];
}
