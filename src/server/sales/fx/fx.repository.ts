import type { DatabaseHandle } from '../../db/connect.ts';
import type { EcbRate } from './ecb-csv.ts';
import { type FxRates, ratesByDay } from './fx-rates.ts';

const ROWS_PER_STATEMENT = 1000;

/** Stores the rates in one transaction; a day and currency stored before takes the new rate. */
export async function storeRates(database: DatabaseHandle, rates: readonly EcbRate[]): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    for (let start = 0; start < rates.length; start += ROWS_PER_STATEMENT) {
      await trx
        .insertInto('fx_rates')
        .values(
          rates
            .slice(start, start + ROWS_PER_STATEMENT)
            .map((rate) => ({ day: rate.day, currency: rate.currency, per_euro: rate.perEuro })),
        )
        .onConflict((conflict) =>
          conflict
            .columns(['day', 'currency'])
            .doUpdateSet((eb) => ({ per_euro: eb.ref('excluded.per_euro') })),
        )
        .execute();
    }
  });
}

/** Every stored rate (a few hundred thousand at most: 30 currencies over 25 years), for an import's lookups. */
export async function loadRates(database: DatabaseHandle): Promise<FxRates> {
  const rows = await database.db.selectFrom('fx_rates').select(['day', 'currency', 'per_euro']).execute();
  return ratesByDay(
    rows.map((row) => ({
      day: String(row.day).slice(0, 10),
      currency: row.currency,
      perEuro: Number(row.per_euro),
    })),
  );
}
