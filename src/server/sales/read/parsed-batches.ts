import { Worker } from 'node:worker_threads';
import type { ChunkFlags, OutlierHelper } from '../flags/outlier-judging.ts';
import { ROWS_PER_TRANSACTION } from '../write/sales-write.repository.ts';
import { decodeBatch } from './parsed-batch-codec.ts';
import { type ParsedBatch, ROWS_PER_BATCH } from './parsed-rows.ts';
import type { JudgeRequest, ParseJob, WorkerMessage } from './reader-messages.ts';

/**
 * How long a reader thread waits for the next file once it has read one. Starting one takes about a
 * quarter of a second (loading the TypeScript loader and the catalogue), which a feed polling every few
 * minutes or an admin's next upload would otherwise pay every time.
 */
const IDLE_READER_MS = 5 * 60_000;

/** A thread's listeners while it waits; only these come off it again (the Worker has its own). */
interface IdleReader {
  worker: Worker;
  timer: NodeJS.Timeout;
  onError: () => void;
  onExit: () => void;
}

let idle: IdleReader | undefined;
let started = 0;

/** Reader threads started so far in this process, for tests. */
export function readersStarted(): number {
  return started;
}

function takeIdleReader(): Worker | undefined {
  if (!idle) return undefined;
  const { worker, timer, onError, onExit } = idle;
  idle = undefined;
  clearTimeout(timer);
  worker.off('error', onError).off('exit', onExit);
  worker.ref();
  return worker;
}

function takeReader(): Worker {
  const worker = takeIdleReader();
  if (worker) return worker;
  started++;
  return new Worker(new URL('./parse-worker.mjs', import.meta.url));
}

/**
 * The idle reader thread, lent to judge outliers for a writer (outlier-judging.ts) until released; undefined
 * when no reader is idle. An import's reader is idle once it has read its file, while the import stores
 * its last rows and judges its flags. A reader that fails while lent is not kept.
 */
export function lendIdleReader(): OutlierHelper | undefined {
  const worker = takeIdleReader();
  if (!worker) return undefined;
  const waiting = new Map<number, { resolve: (flags: ChunkFlags) => void; reject: (error: Error) => void }>();
  let next = 0;
  let failed = false;
  const fail = (error: Error) => {
    failed = true;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const onMessage = (message: WorkerMessage) => {
    if (!('judged' in message)) return;
    waiting.get(message.judged.id)?.resolve(message.judged.flags);
    waiting.delete(message.judged.id);
  };
  const onExit = (code: number) => fail(new Error(`the file reader stopped (exit code ${code})`));
  worker.on('message', onMessage).on('error', fail).on('exit', onExit);
  return {
    judge(chunk) {
      if (failed) return Promise.reject(new Error('the file reader failed'));
      const id = next++;
      return new Promise<ChunkFlags>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ judge: { id, chunk } } satisfies JudgeRequest, [
          chunk.soldAt.buffer,
          chunk.prices.buffer,
        ]);
      });
    },
    release() {
      worker.off('message', onMessage).off('error', fail).off('exit', onExit);
      if (failed || waiting.size > 0) {
        fail(new Error('the file reader was given back before it answered'));
        void worker.terminate();
      } else keepReader(worker);
    },
  };
}

/** Keeps a reader that finished its file for the next one, without holding the process open for it. */
function keepReader(worker: Worker): void {
  if (idle) {
    void worker.terminate();
    return;
  }
  const timer = setTimeout(() => {
    if (idle?.worker === worker) idle = undefined;
    void worker.terminate();
  }, IDLE_READER_MS);
  timer.unref();
  worker.unref();
  const onError = () => {};
  const onExit = () => {
    if (idle?.worker !== worker) return;
    clearTimeout(idle.timer);
    idle = undefined;
  };
  worker.on('error', onError).on('exit', onExit);
  idle = { worker, timer, onError, onExit };
}

/** A batch of rows, and whether the reader had the next one ready when it was taken. */
export interface ReadBatch extends ParsedBatch {
  readerBehind: boolean;
}

/**
 * The file's rows in order, read and validated on a worker thread up to one transaction's rows ahead of the
 * caller. Stopping early (a `break`, or an error in the caller) stops the worker; one that read its file to
 * the end is kept for the next file.
 */
export async function* parsedBatches(file: Omit<ParseJob, 'batchesAhead'>): AsyncGenerator<ReadBatch> {
  const worker = takeReader();
  const inbox: WorkerMessage[] = [];
  let wake: (() => void) | undefined;
  let finishedFile = false;
  const deliver = (message: WorkerMessage) => {
    inbox.push(message);
    wake?.();
  };
  const onError = (error: Error) => deliver({ failure: error.message });
  const onExit = (code: number) => deliver({ failure: `the file reader stopped (exit code ${code})` });
  // A message this thread cannot take in would otherwise be dropped without a word, and its rows with it.
  const onMessageError = (error: Error) =>
    deliver({ failure: `a batch of rows could not be passed from the file reader (${error.message})` });
  worker.on('message', deliver).on('messageerror', onMessageError).on('error', onError).on('exit', onExit);
  const job: ParseJob = { ...file, batchesAhead: Math.ceil(ROWS_PER_TRANSACTION / ROWS_PER_BATCH) };
  worker.postMessage({ job });
  let received = 0;
  try {
    while (true) {
      if (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = inbox.shift();
      if (message === undefined) continue;
      if ('done' in message) {
        // Every row the reader sent must have arrived: an import never loses rows without saying so.
        if (message.done.rows !== received) {
          throw new Error(`the file reader sent ${message.done.rows} rows but ${received} arrived`);
        }
        finishedFile = true;
        return;
      }
      if ('failure' in message) throw new Error(message.failure);
      if (!('batch' in message)) continue;
      worker.postMessage('next');
      const batch = decodeBatch(message.batch);
      received += batch.rows.length;
      yield { ...batch, readerBehind: inbox.length === 0 };
    }
  } finally {
    worker
      .off('message', deliver)
      .off('messageerror', onMessageError)
      .off('error', onError)
      .off('exit', onExit);
    if (finishedFile) keepReader(worker);
    else await worker.terminate();
  }
}
