import type { FastifyBaseLogger } from 'fastify';
import type { RunContext } from './feed-runner.ts';
import { LocalFeedEngine } from './local-feed-engine.ts';
import { PgBossFeedEngine } from './pg-boss-feed-engine.ts';

/**
 * Runs feeds on schedule, once across all instances (decision 018): pg-boss on PostgreSQL, a single-process
 * scheduler on SQLite. Both run the same tick once a minute (queue due feeds, take over abandoned runs) and
 * execute runs with feed-runner.
 */
export interface FeedEngine {
  /** Starts scheduling and executing runs on this instance. */
  start(): Promise<void>;
  /** Executes the run as soon as an instance is free, or after `delayMs`. */
  enqueue(runId: string, delayMs?: number): Promise<void>;
  /** The scheduled work, now: what happens every minute. */
  tick(): Promise<void>;
  /** Stops taking work, hands runs under way back and waits for them. */
  stop(): Promise<void>;
}

export function createFeedEngine(context: RunContext, log: FastifyBaseLogger): FeedEngine {
  return context.database.dialect === 'postgres'
    ? new PgBossFeedEngine(context, log)
    : new LocalFeedEngine(context, log);
}
