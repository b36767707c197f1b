import fs from 'node:fs';
import { byteCounter, detectFormat, type ImportFormat, readRecords } from '../../../sales/read/readers.ts';
import type { FeedSink, RunCounts } from './feed-adapter.ts';

/** Rows between checkpoints: a crash repeats at most this many, and counts none of them twice. */
export const ROWS_PER_CHECKPOINT = 500;

interface FileImport {
  file: string;
  format: ImportFormat | undefined;
  /** Lines up to this one were committed by an earlier attempt. */
  resumeAfterLine: number;
  /** The checkpoint position for "committed up to this line". */
  positionAt: (line: number) => unknown;
  /** Progress at `bytesRead` bytes into a file of `totalBytes`. */
  progressAt: (bytesRead: number, totalBytes: number) => { done: number; total: number };
  signal: AbortSignal;
}

/**
 * Hands a local `flat_sales` file (JSON array, JSON Lines or CSV) to the sink record by record, with a
 * checkpoint every ROWS_PER_CHECKPOINT rows and one at the end, resuming after the line an earlier attempt
 * committed. Rows that are not records are refused with the reader's reason. Returns the run's counts after
 * the last checkpoint.
 */
export async function importFileRecords(sink: FeedSink, job: FileImport): Promise<RunCounts> {
  const totalBytes = (await fs.promises.stat(job.file)).size;
  const format = job.format ?? (await detectFormat(job.file));
  let bytesRead = 0;
  const input = fs.createReadStream(job.file, { highWaterMark: 256 * 1024 });
  const counted = input.pipe(byteCounter((bytes) => (bytesRead += bytes)));
  input.on('error', (error) => counted.destroy(error));
  let line = job.resumeAfterLine;
  let sinceCheckpoint = 0;
  try {
    for await (const item of readRecords(format, counted)) {
      if (item.line <= job.resumeAfterLine) continue;
      job.signal.throwIfAborted();
      if (item.record) await sink.add(item.record);
      else sink.refuse(`line ${item.line}: ${item.error ?? 'not a record'}`);
      line = item.line;
      sinceCheckpoint += 1;
      if (sinceCheckpoint >= ROWS_PER_CHECKPOINT) {
        await sink.checkpoint(job.positionAt(line), job.progressAt(bytesRead, totalBytes));
        sinceCheckpoint = 0;
      }
    }
  } finally {
    input.destroy();
  }
  return sink.checkpoint(job.positionAt(line), job.progressAt(totalBytes, totalBytes));
}
