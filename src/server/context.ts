import type { DatabaseHandle } from './db/connect.ts';
import type { Config } from './env.ts';
import type { AnalysisCaches } from './features/analysis/analysis-cache.ts';
import type { FeedEngine } from './features/feeds/feed-engine.ts';
import type { LiveBus } from './live/live-bus.ts';
import type { MediaStore } from './media/media-store.ts';
import type { NotificationWorker } from './notifications/notification-worker.ts';
import type { SalesEvents } from './sales/sales-events.ts';

/** What every feature needs, built once per app instance and passed to the feature plugins. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  media: MediaStore;
  salesEvents: SalesEvents;
  /** Cached analyses, dropped whenever sales change. */
  analysisCaches: AnalysisCaches;
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
