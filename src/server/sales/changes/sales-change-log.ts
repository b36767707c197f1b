import type { DatabaseHandle } from '../../db/connect.ts';

/**
 * How long the sales change log keeps an entry: far longer than an instance keeps a card's columns without
 * bringing them up to date (an hour, card-sales-store.ts), so no held card ever misses an entry.
 */
export const SALES_CHANGES_RETENTION_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 15 * 60_000;

/**
 * Deletes the entries older than the retention, except the newest: on SQLite the next entry's number is one
 * more than the largest left, so an emptied log would hand out numbers that instances have seen already.
 */
export async function pruneSalesChanges(database: DatabaseHandle, now = Date.now()): Promise<number> {
  const result = await database.db
    .deleteFrom('sales_changes')
    .where('logged_at', '<', new Date(now - SALES_CHANGES_RETENTION_MS).toISOString())
    .where('seq', '<', (eb) =>
      eb.selectFrom('sales_changes').select((inner) => inner.fn.max('seq').as('newest')),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Prunes the log now and every 15 minutes until the returned function is called; failures wait for the next round. */
export function startSalesChangePruning(database: DatabaseHandle): () => void {
  const prune = () => {
    pruneSalesChanges(database).catch(() => {});
  };
  prune();
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
