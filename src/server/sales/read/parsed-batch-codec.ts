import type { Flag } from '../flags/flag-rules.ts';
import type { RecordColumn, SaleRecord } from '../sale-record.ts';
import type { ParsedBatch, ParsedRow } from './parsed-rows.ts';

/**
 * A batch of parsed rows as the reader thread posts it. Posted as objects, every row's two dozen values were
 * copied one by one, and taking them apart cost the importing thread about a fifth of a second per 100,000
 * rows, while most of those values (card, set, grader, day, currency) repeat from row to row. As columns,
 * each distinct text of those is sent once per batch and the rest are numbers in typed arrays. The texts
 * that differ from sale to sale (its instant, reference, address and certificate) are sent as they are:
 * looking each up among the batch's texts cost the reader more than sending it.
 */
export interface EncodedBatch {
  bytesRead: number;
  /** Every distinct text of the batch's sales in SHARED_TEXT_COLUMNS. */
  texts: string[];
  /** Per sale and SHARED_TEXT_COLUMNS column: the index of its value in `texts`, or -1 for null. */
  textCells: Int32Array;
  /** Per sale and OWN_TEXT_COLUMNS column: the value. */
  ownTexts: (string | null)[];
  /** Per sale and NUMBER_COLUMNS column: the value, or NaN for null. */
  numberCells: Float64Array;
  bestOffers: Uint8Array;
  lines: Int32Array;
  /** What a few sales carry besides their columns, by the sale's index. */
  extras: [sale: number, extra: SaleExtra][];
  /** The rows the reader refused, by their position among all the batch's rows. */
  refused: [position: number, row: Extract<ParsedRow, { reason: string }>][];
}

interface SaleExtra {
  ownFlags: readonly Flag[];
  imageBase64: string | undefined;
  record: Record<string, unknown> | undefined;
}

/** Texts that sales of a batch share: a card, a day, a seller, a grader, a marketplace's wording. */
const SHARED_TEXT_COLUMNS = [
  'card_id',
  'set_id',
  'card_name',
  'card_number',
  'card_rarity',
  'sold_on',
  'seller',
  'image',
  'grading_company',
  'sale_type',
  'currency',
  'title',
  'source',
] as const satisfies readonly RecordColumn[];

/** Texts of one sale alone. */
const OWN_TEXT_COLUMNS = [
  'sold_at',
  'listing_url',
  'cert_number',
  'source_ref',
] as const satisfies readonly RecordColumn[];

const NUMBER_COLUMNS = [
  'price_cents',
  'seller_rating',
  'grade',
  'original_price_cents',
  'shipping_cents',
  'buyer_premium_cents',
] as const satisfies readonly RecordColumn[];

/**
 * A column of the sale record (sale-record.ts) the lists above leave out; the assignment below compiles only
 * while there is none. `excluded` is not sent: the writer decides it from the sale's own flags.
 */
type UnsentColumn = Exclude<
  RecordColumn,
  | (typeof SHARED_TEXT_COLUMNS)[number]
  | (typeof OWN_TEXT_COLUMNS)[number]
  | (typeof NUMBER_COLUMNS)[number]
  | 'best_offer_accepted'
  | 'excluded'
>;
const everyColumnSent: [UnsentColumn] extends [never] ? true : UnsentColumn = true;
void everyColumnSent;

const KNOWN_COLUMNS = new Set<string>([
  ...SHARED_TEXT_COLUMNS,
  ...OWN_TEXT_COLUMNS,
  ...NUMBER_COLUMNS,
  'best_offer_accepted',
  'ownFlags',
]);

function checkColumns(sale: SaleRecord): void {
  for (const key of Object.keys(sale)) {
    if (!KNOWN_COLUMNS.has(key)) throw new Error(`The reader cannot send a sale's ${key}`);
  }
}

export function encodeBatch(rows: readonly ParsedRow[], bytesRead: number): EncodedBatch {
  const sales = rows.filter((row) => !('reason' in row)).length;
  const batch: EncodedBatch = {
    bytesRead,
    texts: [],
    textCells: new Int32Array(sales * SHARED_TEXT_COLUMNS.length),
    ownTexts: [],
    numberCells: new Float64Array(sales * NUMBER_COLUMNS.length),
    bestOffers: new Uint8Array(sales),
    lines: new Int32Array(sales),
    extras: [],
    refused: [],
  };
  const textIndex = new Map<string, number>();
  let sale = 0;
  rows.forEach((row, position) => {
    if ('reason' in row) {
      batch.refused.push([position, row]);
      return;
    }
    if (sale === 0) checkColumns(row.sale);
    let cell = sale * SHARED_TEXT_COLUMNS.length;
    for (const column of SHARED_TEXT_COLUMNS) {
      const value = row.sale[column] ?? null;
      if (value === null) {
        batch.textCells[cell++] = -1;
        continue;
      }
      let index = textIndex.get(value);
      if (index === undefined) {
        index = batch.texts.push(value) - 1;
        textIndex.set(value, index);
      }
      batch.textCells[cell++] = index;
    }
    for (const column of OWN_TEXT_COLUMNS) batch.ownTexts.push(row.sale[column] ?? null);
    cell = sale * NUMBER_COLUMNS.length;
    for (const column of NUMBER_COLUMNS) {
      const value = row.sale[column];
      batch.numberCells[cell++] = value === null || value === undefined ? Number.NaN : Number(value);
    }
    batch.bestOffers[sale] = row.sale.best_offer_accepted ? 1 : 0;
    batch.lines[sale] = row.line;
    const ownFlags = row.sale.ownFlags ?? [];
    if (ownFlags.length > 0 || row.imageBase64 !== undefined || row.record !== undefined) {
      batch.extras.push([sale, { ownFlags, imageBase64: row.imageBase64, record: row.record }]);
    }
    sale++;
  });
  return batch;
}

const TEXT = columnPositions(SHARED_TEXT_COLUMNS);
const OWN = columnPositions(OWN_TEXT_COLUMNS);
const NUMBER = columnPositions(NUMBER_COLUMNS);

function columnPositions<Column extends string>(columns: readonly Column[]): Record<Column, number> {
  return Object.fromEntries(columns.map((column, position) => [column, position])) as Record<Column, number>;
}

function textAt(batch: EncodedBatch, cell: number): string | null {
  const index = batch.textCells[cell]!;
  return index === -1 ? null : batch.texts[index]!;
}

function numberAt(batch: EncodedBatch, cell: number): number | null {
  const value = batch.numberCells[cell]!;
  return Number.isNaN(value) ? null : value;
}

/** A sale as one object literal, so every decoded sale has the same shape as the reader's. */
function decodeSale(batch: EncodedBatch, sale: number, ownFlags: readonly Flag[]): SaleRecord {
  const t = sale * SHARED_TEXT_COLUMNS.length;
  const o = sale * OWN_TEXT_COLUMNS.length;
  const n = sale * NUMBER_COLUMNS.length;
  return {
    card_id: textAt(batch, t + TEXT.card_id)!,
    set_id: textAt(batch, t + TEXT.set_id)!,
    card_name: textAt(batch, t + TEXT.card_name)!,
    card_number: textAt(batch, t + TEXT.card_number)!,
    card_rarity: textAt(batch, t + TEXT.card_rarity)!,
    sold_on: textAt(batch, t + TEXT.sold_on)!,
    sold_at: batch.ownTexts[o + OWN.sold_at]!,
    seller: textAt(batch, t + TEXT.seller)!,
    seller_rating: numberAt(batch, n + NUMBER.seller_rating),
    image: textAt(batch, t + TEXT.image),
    grading_company: textAt(batch, t + TEXT.grading_company),
    grade: numberAt(batch, n + NUMBER.grade),
    sale_type: textAt(batch, t + TEXT.sale_type),
    price_cents: numberAt(batch, n + NUMBER.price_cents)!,
    original_price_cents: numberAt(batch, n + NUMBER.original_price_cents),
    currency: textAt(batch, t + TEXT.currency)!,
    shipping_cents: numberAt(batch, n + NUMBER.shipping_cents),
    buyer_premium_cents: numberAt(batch, n + NUMBER.buyer_premium_cents),
    title: textAt(batch, t + TEXT.title),
    listing_url: batch.ownTexts[o + OWN.listing_url],
    cert_number: batch.ownTexts[o + OWN.cert_number],
    source: textAt(batch, t + TEXT.source),
    best_offer_accepted: batch.bestOffers[sale] === 1,
    source_ref: batch.ownTexts[o + OWN.source_ref]!,
    ownFlags,
  };
}

export function decodeBatch(batch: EncodedBatch): ParsedBatch {
  const extras = new Map(batch.extras);
  const rows: ParsedRow[] = [];
  let sale = 0;
  let refused = 0;
  for (let position = 0; position < batch.lines.length + batch.refused.length; position++) {
    const next = batch.refused[refused];
    if (next?.[0] === position) {
      rows.push(next[1]);
      refused++;
      continue;
    }
    const extra = extras.get(sale);
    rows.push({
      line: batch.lines[sale]!,
      sale: decodeSale(batch, sale, extra?.ownFlags ?? []),
      imageBase64: extra?.imageBase64,
      record: extra?.record,
    });
    sale++;
  }
  return { rows, bytesRead: batch.bytesRead };
}
