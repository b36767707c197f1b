import type { DatabaseHandle } from '../../db/connect.ts';
import { NewSalesFlagging } from '../flags/flag-new-sales.ts';
import type { SaleRecord, StoredSales } from '../sale-record.ts';
import { inIndexOrder, type WriteResult, writeRecords } from './sales-write.repository.ts';

/**
 * The single-change path (sales/README.md, "Two ways to write"): stores sales in one transaction with their
 * flags (docs/product.md §11); a row whose source_ref is already known adds nothing, so running the same
 * import twice is harmless. A sale an admin deleted stays deleted: its source_ref in the archive counts as
 * known.
 */
export async function writeSingleChange(
  database: DatabaseHandle,
  records: readonly SaleRecord[],
): Promise<WriteResult> {
  if (records.length === 0) return { inserted: 0, duplicates: 0 };
  const createdAt = new Date().toISOString();
  const ordered = inIndexOrder(records);
  const flagging = new NewSalesFlagging(database);
  const inserted = await database.db.transaction().execute(async (trx) => {
    const stored: StoredSales = { sales: [] };
    const count = await writeRecords(database, trx, ordered, createdAt, { stored });
    await flagging.note(stored);
    await flagging.apply(trx);
    return count;
  });
  flagging.committed();
  return { inserted, duplicates: records.length - inserted };
}
