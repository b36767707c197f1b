/**
 * Reference exchange rates as the European Central Bank publishes them: units of each currency per euro,
 * one set per business day. A foreign price becomes dollars at the rate of its sale day, or of the last
 * earlier day with one (weekends and holidays have none), but never at a rate older than MAX_RATE_AGE_DAYS:
 * a currency the bank stopped quoting gives no usable rate (docs/product.md §11).
 */
export const MAX_RATE_AGE_DAYS = 7;

/** Day (YYYY-MM-DD) → currency → units per euro. A plain Map, so it crosses to the file-reading thread as is. */
export type FxRates = Map<string, Map<string, number>>;

export type Conversion = { ok: true; usdCents: number; rateDay: string } | { ok: false; reason: string };

function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** Units of `currency` per euro on `day`: the euro is 1 by definition. */
function perEuro(rates: Map<string, number>, currency: string): number | undefined {
  return currency === 'EUR' ? 1 : rates.get(currency);
}

/** US dollars per unit of `currency` on `day`, or the last earlier day with both rates, within MAX_RATE_AGE_DAYS. */
export function usdPerUnit(
  rates: FxRates,
  currency: string,
  day: string,
): { rate: number; day: string } | undefined {
  let candidate = day;
  for (let age = 0; age <= MAX_RATE_AGE_DAYS; age++) {
    const dayRates = rates.get(candidate);
    if (dayRates) {
      const from = perEuro(dayRates, currency);
      const usd = dayRates.get('USD');
      if (from !== undefined && usd !== undefined) return { rate: usd / from, day: candidate };
    }
    candidate = previousDay(candidate);
  }
  return undefined;
}

/** `cents` of `currency` in US cents, at the rate of `day` or the last earlier day with both rates. */
export function toUsdCents(rates: FxRates, cents: number, currency: string, day: string): Conversion {
  const found = usdPerUnit(rates, currency, day);
  if (!found) {
    return {
      ok: false,
      reason: `no ${currency} exchange rate for ${day} or the ${MAX_RATE_AGE_DAYS} days before it`,
    };
  }
  const dayRates = rates.get(found.day)!;
  // Through the euro as the bank quotes it: cents × USD per euro ÷ currency per euro.
  return {
    ok: true,
    usdCents: Math.round((cents * dayRates.get('USD')!) / perEuro(dayRates, currency)!),
    rateDay: found.day,
  };
}

/** Rates as the bank's file lists them, by day. */
export function ratesByDay(list: readonly { day: string; currency: string; perEuro: number }[]): FxRates {
  const rates: FxRates = new Map();
  for (const { day, currency, perEuro: rate } of list) {
    let dayRates = rates.get(day);
    if (!dayRates) {
      dayRates = new Map();
      rates.set(day, dayRates);
    }
    dayRates.set(currency, rate);
  }
  return rates;
}
