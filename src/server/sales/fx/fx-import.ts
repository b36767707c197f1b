import fs from 'node:fs';
import type { DatabaseHandle } from '../../db/connect.ts';
import { parseEcbCsv } from './ecb-csv.ts';
import { storeRates } from './fx.repository.ts';

export interface FxImportSummary {
  rates: number;
  days: number;
  currencies: string[];
}

/** Loads an ECB historical reference rates file (docs/product.md §11) into the rates table. */
export async function importFxFile(database: DatabaseHandle, file: string): Promise<FxImportSummary> {
  const rates = parseEcbCsv(await fs.promises.readFile(file, 'utf8'));
  await storeRates(database, rates);
  return {
    rates: rates.length,
    days: new Set(rates.map((rate) => rate.day)).size,
    currencies: [...new Set(rates.map((rate) => rate.currency))].sort(),
  };
}
