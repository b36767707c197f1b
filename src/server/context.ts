import type { DatabaseHandle } from './db/connect.ts';
import type { Config } from './env.ts';
import type { LiveBus } from './live/live-bus.ts';
import type { MediaStore } from './media/media-store.ts';
import type { NotificationWorker } from './notifications/notification-worker.ts';
import type { SalesEvents } from './sales/changes/sales-events.ts';

/**
 * Runs feeds on schedule, once across all instances (decision 018): pg-boss on PostgreSQL, a single-process
 * scheduler on SQLite (features/feeds builds one). Both run the same tick once a minute (queue due feeds,
 * take over abandoned runs) and execute runs with feed-runner.
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

/**
 * What every feature needs, built once per app instance and passed to the feature plugins. This file
 * imports no feature: what the root needs of one is declared here, and a feature that keeps state for the
 * whole app adds its member where it declares the state (features/analysis adds `analysisCaches`).
 */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  media: MediaStore;
  salesEvents: SalesEvents;
  live: LiveBus;
  /** Scheduled sales feeds; started by the server process (main.ts), not by building the app. */
  feeds: FeedEngine;
  /** Turns alert work into notifications; started by the server process (main.ts), not by building the app. */
  notifications: NotificationWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The context the features were built with (start-up work and tests use it). */
    context: AppContext;
  }
}
