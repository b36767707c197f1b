import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Feed, FeedDefinition, FeedRun, FeedRunDetail } from '#shared/schemas/feeds.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import type { AppContext } from '../../context.ts';
import { toBoolean } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { nextRunAfter, scheduleProblem } from './feed-schedule.ts';
import { newRunId } from './feed-tick.ts';
import * as repository from './feeds.repository.ts';

type FeedsContext = Pick<AppContext, 'config' | 'database' | 'feeds'>;

/** Runs of one feed listed at most. */
const LISTED_RUNS = 20;

const FEED_NOT_FOUND = 'There is no such feed.';
const RUN_NOT_FOUND = 'There is no such feed run.';

export function toFeedRun(row: repository.FeedRunRow): FeedRun {
  return {
    id: row.id,
    feedId: row.feed_id,
    trigger: row.trigger,
    status: row.status,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    stored: row.stored,
    duplicates: row.duplicates,
    refused: row.refused,
    errors: row.errors,
    progress: { done: row.progress_done, total: row.progress_total },
    lastError: row.last_error,
  };
}

function toFeed(row: repository.FeedRow, latestRun: repository.FeedRunRow | undefined): Feed {
  const secrets = JSON.parse(row.secrets) as Record<string, string>;
  return {
    id: row.id,
    name: row.name,
    adapter: row.adapter,
    schedule: row.schedule,
    settings: JSON.parse(row.settings),
    secretsSet: Object.fromEntries(Object.entries(secrets).map(([key, value]) => [key, value.length > 0])),
    paused: toBoolean(row.paused),
    nextRunAt: row.next_run_at,
    createdAt: row.created_at,
    latestRun: latestRun ? toFeedRun(latestRun) : null,
  };
}

/** Adds a feed; it first runs when its schedule next comes round (or at once with runNow). */
export async function createFeed(
  context: FeedsContext,
  adminId: string,
  body: FeedDefinition,
): Promise<Feed> {
  const problem = scheduleProblem(body.schedule);
  if (problem) throw badRequest(problem, { schedule: problem });
  if (body.adapter === 'folder') {
    // Made now, so the operator can see where to put files before the first run.
    await fs.mkdir(path.join(context.config.feedsDir, body.settings.folder), { recursive: true });
  }
  const now = new Date();
  const row = {
    id: `feed_${crypto.randomBytes(8).toString('hex')}`,
    name: body.name,
    adapter: body.adapter,
    schedule: body.schedule,
    settings: JSON.stringify(body.settings),
    secrets: JSON.stringify(body.secrets),
    state: '{}',
    next_run_at: nextRunAfter(body.schedule, now),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await context.database.db.transaction().execute(async (trx) => {
    await repository.insertFeed(trx, row);
    await recordAudit(trx, {
      action: 'feed.create',
      actor: adminId,
      subject: row.id,
      detail: { name: row.name, adapter: row.adapter },
    });
  });
  return toFeed({ ...row, paused: false }, undefined);
}

export async function listFeeds(context: FeedsContext): Promise<{ feeds: Feed[] }> {
  const db = context.database.db;
  const feeds = await repository.listFeeds(db);
  return {
    feeds: await Promise.all(
      feeds.map(async (feed) => toFeed(feed, await repository.latestRun(db, feed.id))),
    ),
  };
}

async function existingFeed(context: FeedsContext, feedId: string): Promise<repository.FeedRow> {
  const feed = await repository.findFeed(context.database.db, feedId);
  if (!feed) throw notFound(FEED_NOT_FOUND);
  return feed;
}

/** Pausing stops the schedule (a run under way finishes); resuming sets the next run from now. */
export async function setFeedPaused(
  context: FeedsContext,
  adminId: string,
  feedId: string,
  paused: boolean,
): Promise<Feed> {
  const feed = await existingFeed(context, feedId);
  const now = new Date();
  const nextRunAt = paused ? null : nextRunAfter(feed.schedule, now);
  await context.database.db.transaction().execute(async (trx) => {
    await repository.setPaused(trx, feedId, paused, nextRunAt, now.toISOString());
    await recordAudit(trx, {
      action: paused ? 'feed.pause' : 'feed.resume',
      actor: adminId,
      subject: feedId,
    });
  });
  const latest = await repository.latestRun(context.database.db, feedId);
  return toFeed({ ...feed, paused, next_run_at: nextRunAt }, latest);
}

/** Starts a run now, paused or not; 409 while one is under way. */
export async function runFeedNow(context: FeedsContext, adminId: string, feedId: string): Promise<FeedRun> {
  await existingFeed(context, feedId);
  const runId = newRunId();
  const created = await context.database.db.transaction().execute(async (trx) => {
    const inserted = await repository.insertRun(trx, {
      id: runId,
      feed_id: feedId,
      trigger: 'manual',
      created_at: new Date().toISOString(),
    });
    if (inserted) await recordAudit(trx, { action: 'feed.run', actor: adminId, subject: feedId });
    return inserted;
  });
  if (!created) throw new AppError(409, 'conflict', 'This feed has a run under way. Wait for it to finish.');
  await context.feeds.enqueue(runId);
  return toFeedRun((await repository.findRun(context.database.db, runId))!);
}

export async function feedRuns(context: FeedsContext, feedId: string): Promise<{ runs: FeedRun[] }> {
  await existingFeed(context, feedId);
  const runs = await repository.runsOfFeed(context.database.db, feedId, LISTED_RUNS);
  return { runs: runs.map(toFeedRun) };
}

export async function feedRunDetail(context: FeedsContext, runId: string): Promise<FeedRunDetail> {
  const run = await repository.findRun(context.database.db, runId);
  if (!run) throw notFound(RUN_NOT_FOUND);
  const [refusals, errors] = await Promise.all([
    repository.runRefusals(context.database.db, runId),
    repository.runErrors(context.database.db, runId),
  ]);
  return { run: toFeedRun(run), refusals, errors };
}
