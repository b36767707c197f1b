import type { DatabaseHandle } from '../../db/connect.ts';
import { PostgresSalesChannel } from './postgres-sales-channel.ts';
import { SalesEvents } from './sales-events.ts';

/** In-process on SQLite (there is one server); also through LISTEN/NOTIFY on PostgreSQL (there may be many). */
export async function createSalesEvents(database: DatabaseHandle): Promise<SalesEvents> {
  const events = new SalesEvents();
  if (database.dialect === 'postgres' && database.pool) {
    const channel = new PostgresSalesChannel(database.pool, database.schema, (cards) =>
      events.changedElsewhere(cards),
    );
    await channel.start();
    events.attachCarrier(channel);
  }
  return events;
}
