import type { ChunkFlags, CohortChunk } from '../flags/outlier-judging.ts';
import type { FxRates } from '../fx/fx-rates.ts';
import type { EncodedBatch } from './parsed-batch-codec.ts';
import type { ImportFormat } from './readers.ts';

/** What the importing thread and its reader thread (parse-worker.ts) say to each other. */

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
