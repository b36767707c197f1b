import crypto from 'node:crypto';
import pg from 'pg';

const RECONNECT_MS = 1000;
const MAX_IDENTIFIER = 63;

/** A channel of its own per schema, so app instances on different schemas (parallel test runs) never hear each other. */
export function channelName(prefix: string, schema: string | undefined): string {
  if (!schema) return prefix;
  const name = `${prefix}_${schema.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
  if (name.length <= MAX_IDENTIFIER) return name;
  return `${prefix}_${crypto.createHash('sha256').update(schema).digest('hex').slice(0, 32)}`;
}

export interface ListenerHandlers {
  onMessage(payload: string | undefined): void;
  /** The connection came back after it was lost: messages sent meanwhile were missed. */
  onReconnect?(): void;
}

/**
 * NOTIFY through the pool, and LISTEN on a connection of its own (a pooled one would be handed to other
 * queries). A lost connection is opened again every second until it is back or the listener is closed.
 */
export class PostgresListener {
  private client: pg.Client | undefined;
  private closed = false;
  private everConnected = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    readonly channel: string,
    private readonly handlers: ListenerHandlers,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client(this.pool.options);
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.handlers.onMessage(message.payload);
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
    if (this.everConnected) this.handlers.onReconnect?.();
    this.everConnected = true;
  }

  async notify(payload: string): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [this.channel, payload]);
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
