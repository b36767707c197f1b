import type { AppContext } from '../../context.ts';
import { storeRates } from '../../sales/fx/fx.repository.ts';
import type { SaleRecord } from '../../sales/sale-record.ts';
import { startBulkLoad } from '../../sales/write/bulk-load.repository.ts';
import { ROWS_PER_TRANSACTION } from '../../sales/write/sales-write.repository.ts';
import { writeSingleChange } from '../../sales/write/single-change.ts';
import { readDemoRates } from './demo-provenance.ts';
import { type DemoOptions, generateDemoSales } from './generate-demo-sales.ts';

export interface DemoLoadResult {
  generated: number;
  inserted: number;
  /** Sales of the same seed that were stored already. */
  duplicates: number;
}

/**
 * Streams generated demo sales into the database, so a million rows need little memory: in one bulk load
 * when the sales table is new, else in batches that skip what is stored already.
 */
export async function loadDemoSales(
  context: Pick<AppContext, 'database' | 'salesEvents'>,
  options: DemoOptions,
  onProgress?: (done: number, total: number) => void,
): Promise<DemoLoadResult> {
  // The rates the demo's foreign sales were priced at, so the database can say where their dollars came from.
  await storeRates(context.database, readDemoRates());
  const bulk = await startBulkLoad(context.database);
  const result: DemoLoadResult = { generated: 0, inserted: 0, duplicates: 0 };
  let batch: SaleRecord[] = [];
  const flush = async () => {
    const written = bulk ? await bulk.write(batch) : await writeSingleChange(context.database, batch);
    result.inserted += written.inserted;
    result.duplicates += written.duplicates;
    batch = [];
    onProgress?.(result.generated, options.count);
  };
  try {
    for (const sale of generateDemoSales(options)) {
      batch.push(sale);
      result.generated += 1;
      if (batch.length >= ROWS_PER_TRANSACTION) await flush();
    }
    if (batch.length > 0) await flush();
    await bulk?.finish();
  } catch (error) {
    await bulk?.abort();
    throw error;
  }
  if (result.inserted > 0) context.salesEvents.changed();
  return result;
}
