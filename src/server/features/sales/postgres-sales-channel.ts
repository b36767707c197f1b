import crypto from 'node:crypto';
import pg from 'pg';
import type { SalesChangeCarrier } from './sales-events.ts';

const RECONNECT_MS = 1000;
const MAX_IDENTIFIER = 63;

/** One channel per schema, so instances on different schemas (parallel test runs) never hear each other. */
export function salesChannelFor(schema: string | undefined): string {
  if (!schema) return 'holoscope_sales';
  const name = `holoscope_sales_${schema.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
  if (name.length <= MAX_IDENTIFIER) return name;
  return `holoscope_sales_${crypto.createHash('sha256').update(schema).digest('hex').slice(0, 32)}`;
}

/**
 * Announces sales changes with NOTIFY and hears the other instances' on a LISTEN connection of its own.
 * The payload is the announcing instance's id, so an instance ignores its own echo (it already cleared).
 * After the connection was lost and comes back, announcements may have been missed, so that counts as a
 * change too.
 */
export class PostgresSalesChannel implements SalesChangeCarrier {
  private readonly channel: string;
  private readonly instanceId = crypto.randomUUID();
  private client: pg.Client | undefined;
  private closed = false;
  private everConnected = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    schema: string | undefined,
    private readonly onRemoteChange: () => void,
  ) {
    this.channel = salesChannelFor(schema);
  }

  async start(): Promise<void> {
    const client = new pg.Client(this.pool.options);
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload !== this.instanceId) this.onRemoteChange();
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    if (this.everConnected) this.onRemoteChange();
    this.everConnected = true;
  }

  /**
   * Best effort: the change itself is committed; should the announcement fail, other instances' cached
   * answers still expire with their time to live.
   */
  announce(): void {
    this.pool.query('select pg_notify($1, $2)', [this.channel, this.instanceId]).catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.start().catch(() => this.scheduleReconnect());
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }
}
