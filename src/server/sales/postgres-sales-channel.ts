import crypto from 'node:crypto';
import type pg from 'pg';
import { channelName, PostgresListener } from '../db/postgres-listener.ts';
import type { SalesChangeCarrier } from './sales-events.ts';

export function salesChannelFor(schema: string | undefined): string {
  return channelName('holoscope_sales', schema);
}

/**
 * Announces sales changes with NOTIFY and hears the other instances' on a LISTEN connection of its own.
 * The payload is the announcing instance's id, so an instance ignores its own echo (it already cleared).
 * After the connection was lost and comes back, announcements may have been missed, so that counts as a
 * change too.
 */
export class PostgresSalesChannel implements SalesChangeCarrier {
  private readonly instanceId = crypto.randomUUID();
  private readonly listener: PostgresListener;

  constructor(pool: pg.Pool, schema: string | undefined, onRemoteChange: () => void) {
    this.listener = new PostgresListener(pool, salesChannelFor(schema), {
      onMessage: (payload) => {
        if (payload !== this.instanceId) onRemoteChange();
      },
      onReconnect: onRemoteChange,
    });
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  /**
   * Best effort: the change itself is committed; should the announcement fail, other instances' cached
   * answers still expire with their time to live.
   */
  announce(): void {
    this.listener.notify(this.instanceId).catch(() => {});
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}
