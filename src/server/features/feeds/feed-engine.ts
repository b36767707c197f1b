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
  /** Whether stop was called. */
  readonly stopped: boolean;
}

const START_RETRY_MS = 30_000;

/**
 * Starts the engine for the server process; while the database cannot be reached it tries again every 30
 * seconds instead of stopping the server, which keeps answering (503 where it needs the database).
 */
export async function keepStartingFeedEngine(engine: FeedEngine, log: FastifyBaseLogger): Promise<void> {
  while (!engine.stopped) {
    try {
      await engine.start();
      return;
    } catch (error) {
      if (engine.stopped) return;
      log.warn({ err: error }, 'feed scheduler could not start; trying again in 30 seconds');
      await new Promise((resolve) => setTimeout(resolve, START_RETRY_MS).unref());
    }
  }
}

export function createFeedEngine(context: RunContext, log: FastifyBaseLogger): FeedEngine {
  return context.database.dialect === 'postgres'
    ? new PgBossFeedEngine(context, log)
    : new LocalFeedEngine(context, log);
}
