import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/connect.ts';
import type { LiveBus } from '../live/live-bus.ts';
import type { SalesEvents } from '../sales/changes/sales-events.ts';
import type { EmailDigest } from './email-digest.ts';
import {
  claimOutboxRow,
  deleteOutboxRow,
  notifyPartiesOfDeal,
  notifyPartiesOfExpiredOffer,
  notifyWantersOfOpenCard,
  notifyWatchersOfSales,
  type OutboxRow,
  type Trx,
} from './notification-work.repository.ts';

/** How often an idle worker looks at the outbox: work written by another instance waits at most this long. */
const POLL_MS = 1_000;
/** After a failure (the database away) the worker waits this long before it tries again. */
const FAILURE_BACKOFF_MS = 5_000;

export interface NotificationWorkerOptions {
  database: DatabaseHandle;
  live: LiveBus;
  salesEvents: SalesEvents;
  log: FastifyBaseLogger;
  /**
   * The email digest, when SMTP_URL is set: looked at after each pass while the worker runs, beside it, so
   * a slow or failing mail server never holds up or fails the alerts themselves.
   */
  digest?: EmailDigest;
}

/** The payload's fields; an unreadable payload (never written by this code) is handled as empty and dropped. */
function parsePayload(payload: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function salesRange(payload: string): { from: string; to: string } | undefined {
  const value = parsePayload(payload);
  return typeof value.from === 'string' && typeof value.to === 'string'
    ? { from: value.from, to: value.to }
    : undefined;
}

function stringField(payload: string, field: 'itemId' | 'offerId'): string | undefined {
  const value = parsePayload(payload)[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Turns outbox rows into notifications (docs/decisions/020-notification-outbox.md). Every instance runs one.
 * A row is claimed, handled and deleted in one transaction, so a worker that dies midway (kill -9) leaves
 * the row for the next; notifications carry a unique dedupe key, so a row handled twice adds nothing. The
 * collectors who got something hear it over the live stream after the commit.
 */
export class NotificationWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private digestPass: Promise<void> | undefined;
  private again = false;
  private stopping = false;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: NotificationWorkerOptions) {}

  /** Starts polling, and handles new work at once when this or another instance stores sales. */
  start(): void {
    if (this.timer || this.stopping) return;
    this.unsubscribe = this.options.salesEvents.onChange(() => this.wake());
    const loop = async () => {
      const failed = await this.runOnce().then(
        () => false,
        (error: unknown) => {
          this.options.log.warn({ err: error }, 'notification worker failed; trying again shortly');
          return true;
        },
      );
      if (!this.stopping) this.timer = setTimeout(loop, failed ? FAILURE_BACKOFF_MS : POLL_MS);
    };
    this.timer = setTimeout(loop, 0);
  }

  /** New work was just committed on this instance (an open-to-offers card, a sales batch, expired offers). */
  wake(): void {
    if (!this.timer || this.stopping) return;
    void this.runOnce().catch((error: unknown) => {
      this.options.log.warn({ err: error }, 'notification worker failed; trying again shortly');
    });
  }

  /** Handles outbox rows until none is left that nobody else holds; returns how many this call handled. */
  async processPending(): Promise<number> {
    let handled = 0;
    while (!this.stopping && (await this.handleOne())) handled += 1;
    return handled;
  }

  /** Sends the digests that are due now (at most one an hour per collector); how many were sent. */
  async sendDigests(now: number = Date.now()): Promise<number> {
    return (await this.options.digest?.sendDue(now)) ?? 0;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    this.unsubscribe?.();
    this.options.digest?.close();
    await this.running?.catch(() => undefined);
    await this.digestPass;
  }

  /** One pass at a time per instance; a wake-up during a pass makes another pass follow it. */
  private runOnce(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.processPending();
          this.lookAtDigests();
        } while (this.again && !this.stopping);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** Starts a look at the due alert emails unless one is under way; it fails on its own, logged. */
  private lookAtDigests(): void {
    const { digest, log } = this.options;
    if (!digest || this.digestPass || this.stopping) return;
    this.digestPass = digest
      .sendDueAtMostEveryMinute()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'alert emails could not be looked at; trying again in a minute');
      })
      .finally(() => {
        this.digestPass = undefined;
      });
  }

  private async handleOne(): Promise<boolean> {
    const { database } = this.options;
    const result = await database.db.transaction().execute(async (trx) => {
      const row = await claimOutboxRow(database, trx);
      if (!row) return undefined;
      const users = await this.handle(trx, row);
      await deleteOutboxRow(trx, row.id);
      return users;
    });
    if (!result) return false;
    for (const userId of result) {
      await this.options.live.publish({ type: 'notification', userId, to: [userId] });
    }
    return true;
  }

  private async handle(trx: Trx, row: OutboxRow): Promise<string[]> {
    const now = new Date().toISOString();
    if (row.kind === 'sales') {
      const range = salesRange(row.payload);
      return range ? notifyWatchersOfSales(trx, range.from, range.to, now) : [];
    }
    if (row.kind === 'offer-expired') {
      const offerId = stringField(row.payload, 'offerId');
      return offerId ? notifyPartiesOfExpiredOffer(trx, offerId, now) : [];
    }
    if (row.kind === 'offer-deal') {
      const offerId = stringField(row.payload, 'offerId');
      return offerId ? notifyPartiesOfDeal(trx, offerId, now) : [];
    }
    const itemId = stringField(row.payload, 'itemId');
    return itemId ? notifyWantersOfOpenCard(trx, itemId, now) : [];
  }
}
