import crypto from 'node:crypto';
import type pg from 'pg';
import { channelName, PostgresListener } from '../../db/postgres-listener.ts';
import type { ChangedCards, SalesChangeCarrier } from './sales-events.ts';

/** NOTIFY payloads stop at 8000 bytes; an announcement naming more cards than fit names none (any card). */
const MAX_CARDS_PAYLOAD = 7000;

export function salesChannelFor(schema: string | undefined): string {
  return channelName('holoscope_sales', schema);
}

/**
 * Announces sales changes with NOTIFY and hears the other instances' on a LISTEN connection of its own.
 * The payload is the announcing instance's id, so an instance ignores its own echo (it already cleared),
 * then a space and the changed cards' ids separated by commas when the change named them. After the
 * connection was lost and comes back, announcements may have been missed, so that counts as a change of
 * any card.
 */
export class PostgresSalesChannel implements SalesChangeCarrier {
  private readonly instanceId = crypto.randomUUID();
  private readonly listener: PostgresListener;

  constructor(pool: pg.Pool, schema: string | undefined, onRemoteChange: (cards: ChangedCards) => void) {
    this.listener = new PostgresListener(pool, salesChannelFor(schema), {
      onMessage: (payload = '') => {
        const [instanceId, cards] = payload.split(' ');
        if (instanceId !== this.instanceId) onRemoteChange(cards ? cards.split(',') : undefined);
      },
      onReconnect: () => onRemoteChange(undefined),
    });
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  /**
   * Best effort: the change itself is committed; should the announcement fail, other instances' cached
   * answers still expire with their time to live.
   */
  announce(cards: ChangedCards): void {
    const named = cards?.join(',') ?? '';
    const payload =
      named !== '' && named.length <= MAX_CARDS_PAYLOAD ? `${this.instanceId} ${named}` : this.instanceId;
    this.listener.notify(payload).catch(() => {});
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}
