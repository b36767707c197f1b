import type pg from 'pg';
import { channelName, PostgresListener } from '../db/postgres-listener.ts';
import {
  LIVE_EVENT_TYPES,
  type LiveBus,
  type LiveEvent,
  type LiveListener,
  LocalFanout,
} from './live-bus.ts';

export function channelFor(schema: string | undefined): string {
  return channelName('holoscope_live', schema);
}

function parseEvent(payload: string | undefined): LiveEvent | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Partial<LiveEvent>;
    if (!LIVE_EVENT_TYPES.includes(value.type as LiveEvent['type']) || typeof value.userId !== 'string') {
      return undefined;
    }
    return {
      type: value.type as LiveEvent['type'],
      userId: value.userId,
      ...(Array.isArray(value.to) ? { to: value.to.filter((id) => typeof id === 'string') } : {}),
      ...(typeof value.sessionId === 'string' ? { sessionId: value.sessionId } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * Events travel through PostgreSQL NOTIFY, and every instance (this one included) hears them on a LISTEN
 * connection of its own, so all subscribers get each event exactly once, whichever instance published it.
 */
export class PostgresLiveBus implements LiveBus {
  private readonly fanout = new LocalFanout();
  private readonly listener: PostgresListener;

  constructor(pool: pg.Pool, schema: string | undefined) {
    this.listener = new PostgresListener(pool, channelFor(schema), {
      onMessage: (payload) => {
        const event = parseEvent(payload);
        if (event) this.fanout.deliver(event);
      },
    });
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  /** Best effort: a change that cannot be announced is still saved, and pages catch up on their next fetch. */
  async publish(event: LiveEvent): Promise<void> {
    try {
      await this.listener.notify(JSON.stringify(event));
    } catch {
      // The database is unreachable; the write that led here has failed or will be retried by its caller.
    }
  }

  subscribe(listener: LiveListener, viewerId?: string | null): () => void {
    return this.fanout.subscribe(listener, viewerId ?? null);
  }

  async close(): Promise<void> {
    this.fanout.clear();
    await this.listener.close();
  }
}
