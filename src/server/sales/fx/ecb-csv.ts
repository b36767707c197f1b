import { parse } from 'csv-parse/sync';

export interface EcbRate {
  day: string;
  currency: string;
  perEuro: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;

/**
 * The European Central Bank's historical reference rates file (`eurofxref-hist.csv`): a header
 * `Date,USD,JPY,…` and a row per business day with units per euro, `N/A` (or nothing) where the bank had no
 * rate. Throws with the line when the file is not in that shape.
 */
export function parseEcbCsv(text: string): EcbRate[] {
  const rows = parse(text, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  }) as string[][];
  const header = rows[0] ?? [];
  if (header[0]?.toLowerCase() !== 'date') {
    throw new Error('The file does not start with the header "Date,USD,…" of the ECB historical rates file.');
  }
  const currencies = header.slice(1).map((name) => name.toUpperCase());
  const rates: EcbRate[] = [];
  rows.slice(1).forEach((row, index) => {
    const line = index + 2;
    const day = row[0] ?? '';
    if (!ISO_DAY.test(day)) throw new Error(`Line ${line}: "${day}" is not a date like 2024-03-28.`);
    currencies.forEach((currency, column) => {
      const cell = row[column + 1] ?? '';
      if (!CURRENCY.test(currency) || cell === '' || cell.toUpperCase() === 'N/A') return;
      const perEuro = Number(cell);
      if (!Number.isFinite(perEuro) || perEuro <= 0) {
        throw new Error(`Line ${line}: the ${currency} rate "${cell}" is not a positive number.`);
      }
      rates.push({ day, currency, perEuro });
    });
  });
  return rates;
}
