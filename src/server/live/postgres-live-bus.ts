import crypto from 'node:crypto';
import pg from 'pg';
import {
  LIVE_EVENT_TYPES,
  type LiveBus,
  type LiveEvent,
  type LiveListener,
  LocalFanout,
} from './live-bus.ts';

const RECONNECT_MS = 1000;
const MAX_IDENTIFIER = 63;

/** One channel per schema, so app instances on different schemas (parallel test runs) never hear each other. */
export function channelFor(schema: string | undefined): string {
  if (!schema) return 'holoscope_live';
  const name = `holoscope_live_${schema.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
  if (name.length <= MAX_IDENTIFIER) return name;
  return `holoscope_live_${crypto.createHash('sha256').update(schema).digest('hex').slice(0, 32)}`;
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
  private readonly channel: string;
  private client: pg.Client | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    schema: string | undefined,
  ) {
    this.channel = channelFor(schema);
  }

  async start(): Promise<void> {
    const client = new pg.Client(this.pool.options);
    client.on('notification', (message) => {
      if (message.channel !== this.channel) return;
      const event = parseEvent(message.payload);
      if (event) this.fanout.deliver(event);
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
  }

  /** Best effort: a change that cannot be announced is still saved, and pages catch up on their next fetch. */
  async publish(event: LiveEvent): Promise<void> {
    try {
      await this.pool.query('select pg_notify($1, $2)', [this.channel, JSON.stringify(event)]);
    } catch {
      // The database is unreachable; the write that led here has failed or will be retried by its caller.
    }
  }

  subscribe(listener: LiveListener, viewerId?: string | null): () => void {
    return this.fanout.subscribe(listener, viewerId ?? null);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.fanout.clear();
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
