import type { FastifyBaseLogger } from 'fastify';
import type { FeedEngine } from '../../context.ts';
import type { RunContext } from './feed-runner.ts';
import { LocalFeedEngine } from './local-feed-engine.ts';
import { PgBossFeedEngine } from './pg-boss-feed-engine.ts';

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
