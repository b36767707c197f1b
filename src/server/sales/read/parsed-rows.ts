import type { SaleRecord } from '../sale-record.ts';

/** A sale read from a file or a feed, on its way to the writer. */
export interface PendingRow {
  line: number;
  sale: SaleRecord;
  imageBase64: string | undefined;
  /** Kept only for rows with an image, the one check left that can still reject the row. */
  record: Record<string, unknown> | undefined;
}

/** A row of the file after reading and validation: a sale to store, or why the row was refused. */
export type ParsedRow = PendingRow | { line: number; reason: string; raw: unknown };

export interface ParsedBatch {
  rows: ParsedRow[];
  /** Bytes of the file read so far. */
  bytesRead: number;
}

/** Rows per batch handed over, and base64 image text per batch, so batches of photos stay small. */
export const ROWS_PER_BATCH = 2000;
export const IMAGE_CHARS_PER_BATCH = 2 * 1024 * 1024;
