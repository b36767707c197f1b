import { describe, expect, it } from 'vitest';
import { saleRecordFlags } from '../flags/flag-rules.ts';
import { ratesByDay } from '../fx/fx-rates.ts';
import { decodeBatch, encodeBatch } from './parsed-batch-codec.ts';
import type { ParsedRow } from './parsed-rows.ts';
import { parseSaleRow } from './sale-row.ts';

const rates = ratesByDay([
  { day: '2026-01-05', currency: 'USD', perEuro: 1.1 },
  { day: '2026-01-05', currency: 'GBP', perEuro: 0.85 },
]);

const plain = {
  id: 'plain-1',
  card_name: 'Charizard',
  set_id: 'base_set',
  price: 1020.5,
  sale_date: 'Sold Jan 5, 2026',
  timestamp: Date.parse('2026-01-05T18:04:00Z'),
  seller: 'cardshop',
  seller_rating: 99.5,
  grading_company: 'PSA',
  grade: 9,
  sale_type: 'auction',
};

const withProvenance = {
  ...plain,
  id: 'provenance-1',
  price: 800,
  currency: 'GBP',
  shipping: 12.5,
  buyer_premium: 160,
  title: 'Charizard 4/102 1st Edition Base Set PSA 9',
  listing_url: 'https://auctions.example/lot/1',
  cert_number: '12345678',
  source: 'heritage',
  best_offer_accepted: false,
};

const bestOfferWithoutPrice = { ...plain, id: 'offer-1', sale_type: 'best_offer', seller_rating: undefined };
const otherCard = { ...plain, id: 'lot-1', title: 'Lot of 3 Charizard cards', grading_company: undefined };
const withImage = { ...plain, id: 'image-1', grade: undefined, imageData: 'iVBORw0KGgo=' };

function parsedRows(records: readonly Record<string, unknown>[]): ParsedRow[] {
  return records.map((record, index) => {
    const parsed = parseSaleRow(record, { today: '2026-03-01', rates });
    if (!parsed.ok) return { line: index + 1, reason: parsed.reason, raw: record };
    const { sale, imageBase64 } = parsed.value;
    sale.ownFlags = saleRecordFlags(sale);
    return { line: index + 1, sale, imageBase64, record: imageBase64 ? record : undefined };
  });
}

describe('the batches the reader thread posts', () => {
  it('arrive as the rows they were made from: every column, nulls, flags, images and refusals in place', () => {
    const rows = parsedRows([
      { card_name: 'Not A Card', set_id: 'base_set', price: 1, sale_date: 'Sold Jan 5, 2026', seller: 'x' },
      plain,
      withProvenance,
      bestOfferWithoutPrice,
      { ...plain, price: 'twelve' },
      otherCard,
      withImage,
      { ...plain, id: 'plain-2', price: 1021 },
      { card_name: 'Pikachu' },
    ]);
    expect(rows.filter((row) => 'reason' in row)).toHaveLength(3);
    const flagged = rows.flatMap((row) => ('sale' in row ? (row.sale.ownFlags ?? []) : []));
    expect(flagged.map((flag) => flag.code).sort()).toEqual(['best-offer-unrevealed', 'title-mismatch']);

    // Posted between threads, a batch is copied as structuredClone copies it.
    const received = decodeBatch(structuredClone(encodeBatch(rows, 4096)));

    expect(received.bytesRead).toBe(4096);
    expect(received.rows).toStrictEqual(rows);
  });

  it('keep a batch without sales, or with nothing but sales', () => {
    const refusals = parsedRows([{ card_name: 'Pikachu' }, { set_id: 'jungle_set' }]);
    expect(decodeBatch(encodeBatch(refusals, 10)).rows).toEqual(refusals);
    const sales = parsedRows([plain, withProvenance]);
    expect(decodeBatch(encodeBatch(sales, 10)).rows).toEqual(sales);
    expect(decodeBatch(encodeBatch([], 0)).rows).toEqual([]);
  });

  it('refuse a sale with a column they do not know, rather than drop it on the way', () => {
    const [row] = parsedRows([plain]);
    if (!row || !('sale' in row)) throw new Error('the plain record was refused');
    const unknown = { ...row, sale: { ...row.sale, colour: 'blue' } };
    expect(() => encodeBatch([unknown], 0)).toThrow(/colour/);
  });
});
