import { describe, expect, it } from 'vitest';
import { parseEcbCsv } from './ecb-csv.ts';
import { type FxRates, toUsdCents } from './fx-rates.ts';

function ratesOf(csv: string): FxRates {
  const rates: FxRates = new Map();
  for (const rate of parseEcbCsv(csv)) {
    if (!rates.has(rate.day)) rates.set(rate.day, new Map());
    rates.get(rate.day)!.set(rate.currency, rate.perEuro);
  }
  return rates;
}

// Friday 2024-03-28 is the last rate day before Easter: Good Friday (29th) and Easter Monday (1 April) have none.
const ECB = `Date,USD,JPY,GBP,CYP,
2024-04-02,1.0767,163.34,0.85493,N/A,
2024-03-28,1.0811,163.45,0.85510,N/A,
2024-03-27,1.0827,164.97,0.85788,N/A,
2007-12-31,1.4721,164.93,0.73335,0.5853,
`;

describe('toUsdCents', () => {
  const rates = ratesOf(ECB);

  it('converts at the rate of the sale day, through the euro', () => {
    // ¥100,000 on 2024-03-27: 100000 / 164.97 × 1.0827 = $656.30.
    expect(toUsdCents(rates, 10_000_000, 'JPY', '2024-03-27')).toEqual({
      ok: true,
      usdCents: Math.round((10_000_000 * 1.0827) / 164.97),
      rateDay: '2024-03-27',
    });
    expect(toUsdCents(rates, 100_00, 'EUR', '2024-03-27')).toMatchObject({ usdCents: 108_27 });
  });

  it('takes the last earlier day with a rate on a weekend and on holidays', () => {
    expect(toUsdCents(rates, 85_510, 'GBP', '2024-03-30')).toMatchObject({
      ok: true,
      usdCents: 108_110,
      rateDay: '2024-03-28',
    });
    expect(toUsdCents(rates, 85_510, 'GBP', '2024-04-01')).toMatchObject({ rateDay: '2024-03-28' });
    expect(toUsdCents(rates, 85_493, 'GBP', '2024-04-02')).toMatchObject({
      usdCents: 107_670,
      rateDay: '2024-04-02',
    });
  });

  it('gives no rate when the newest is more than seven days older than the sale', () => {
    expect(toUsdCents(rates, 100, 'GBP', '2024-04-09')).toMatchObject({ ok: true, rateDay: '2024-04-02' });
    expect(toUsdCents(rates, 100, 'GBP', '2024-04-10')).toEqual({
      ok: false,
      reason: 'no GBP exchange rate for 2024-04-10 or the 7 days before it',
    });
  });

  it('gives no rate for a currency marked N/A on the day, or unknown, or before the first day', () => {
    expect(toUsdCents(rates, 100, 'CYP', '2024-03-28')).toMatchObject({ ok: false });
    expect(toUsdCents(rates, 58_53, 'CYP', '2007-12-31')).toMatchObject({ ok: true, usdCents: 147_21 });
    expect(toUsdCents(rates, 100, 'XYZ', '2024-03-28')).toMatchObject({ ok: false });
    expect(toUsdCents(rates, 100, 'GBP', '2001-01-01')).toMatchObject({ ok: false });
  });
});

describe('parseEcbCsv', () => {
  it('refuses a file that is not the ECB format, naming the line', () => {
    expect(() => parseEcbCsv('Day,USD\n2024-01-01,1.1\n')).toThrow('header');
    expect(() => parseEcbCsv('Date,USD\n01/02/2024,1.1\n')).toThrow('Line 2');
    expect(() => parseEcbCsv('Date,USD\n2024-01-02,-1\n')).toThrow(
      'Line 2: the USD rate "-1" is not a positive number.',
    );
  });
});
