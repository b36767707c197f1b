import type { Transaction } from 'kysely';
import type { Dialect } from './connect.ts';
import type { Database } from './schema.ts';

/**
 * Holds the collector's own row until the transaction ends, so adds that count what the collector has against
 * a limit (watches, a list's cards) run one after another and cannot pass the limit together, and removals of
 * a way in (ways-in.ts) cannot each leave the other the last. On PostgreSQL
 * that is a row lock; SQLite has one writer at a time, and a transaction keeps the one connection to itself.
 */
export async function lockCollector(trx: Transaction<Database>, dialect: Dialect, userId: string) {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
