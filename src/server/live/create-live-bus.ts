import type { DatabaseHandle } from '../db/connect.ts';
import { InProcessLiveBus, type LiveBus } from './live-bus.ts';
import { PostgresLiveBus } from './postgres-live-bus.ts';

/** In-process on SQLite (there is one server); LISTEN/NOTIFY on PostgreSQL (there may be many). */
export async function createLiveBus(database: DatabaseHandle): Promise<LiveBus> {
  if (database.dialect === 'postgres' && database.pool) {
    const bus = new PostgresLiveBus(database.pool, database.schema);
    await bus.start();
    return bus;
  }
  return new InProcessLiveBus();
}
