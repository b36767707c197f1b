import type { ChunkFlags, CohortChunk } from '../flags/outlier-judging.ts';
import type { FxRates } from '../fx/fx-rates.ts';
import type { PendingRow } from '../write/import-writer.ts';
import type { EncodedBatch } from './parsed-batch-codec.ts';
import type { ImportFormat } from './readers.ts';

/** A row of the file after reading and validation: a sale to store, or why the row was refused. */
export type ParsedRow = PendingRow | { line: number; reason: string; raw: unknown };

export interface ParsedBatch {
  rows: ParsedRow[];
  /** Bytes of the file read so far. */
  bytesRead: number;
}

export interface ParseJob {
  file: string;
  format: ImportFormat;
  today: string;
  /** Reference exchange rates, for prices in other currencies than US dollars. */
  rates: FxRates;
  /**
   * Batches the worker may read ahead of the caller. Enough for the rows of one transaction, so the file
   * is read on while the caller stores the previous transaction's rows.
   */
  batchesAhead: number;
}

/** A chunk of cohorts for the reader thread to judge while it is lent (outlier-judging.ts). */
export interface JudgeRequest {
  judge: { id: number; chunk: CohortChunk };
}

/**
 * What the parsing worker posts: a batch, the end of the file with how many rows it sent, why reading
 * stopped, or a judged chunk.
 */
export type WorkerMessage =
  | { batch: EncodedBatch }
  | { done: { rows: number } }
  | { failure: string }
  | { judged: { id: number; flags: ChunkFlags } };

/** Rows per batch handed over, and base64 image text per batch, so batches of photos stay small. */
export const ROWS_PER_BATCH = 2000;
export const IMAGE_CHARS_PER_BATCH = 2 * 1024 * 1024;
