import { Worker } from 'node:worker_threads';
import { ROWS_PER_TRANSACTION } from '../../sales/sales-write.repository.ts';
import { type ParsedBatch, type ParseJob, ROWS_PER_BATCH, type WorkerMessage } from './parsed-rows.ts';

/**
 * The file's rows in order, read and validated on a worker thread up to one transaction's rows ahead of the
 * caller. Stopping early (a `break`, or an error in the caller) stops the worker.
 */
export async function* parsedBatches(file: Omit<ParseJob, 'batchesAhead'>): AsyncGenerator<ParsedBatch> {
  const worker = new Worker(new URL('./parse-worker.mjs', import.meta.url), {
    workerData: {
      ...file,
      batchesAhead: Math.ceil(ROWS_PER_TRANSACTION / ROWS_PER_BATCH),
    } satisfies ParseJob,
  });
  const inbox: WorkerMessage[] = [];
  let wake: (() => void) | undefined;
  const deliver = (message: WorkerMessage) => {
    inbox.push(message);
    wake?.();
  };
  worker.on('message', deliver);
  worker.on('error', (error) => deliver({ failure: error.message }));
  worker.on('exit', (code) => deliver({ failure: `the file reader stopped (exit code ${code})` }));
  try {
    while (true) {
      if (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = inbox.shift();
      if (message === undefined) continue;
      if ('failure' in message) throw new Error(message.failure);
      if ('done' in message) return;
      worker.postMessage('next');
      yield message.batch;
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
  }
}
