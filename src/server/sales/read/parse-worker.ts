// Reads and validates import files on its own thread, so the main thread only stores rows: reading,
// parsing and checking a row costs about as much as storing it, and the two now run side by side. The flags
// of a row's own record (its title read against its card) are judged here too, for the same reason. One
// file at a time, each asked for by a { job } message; the thread then waits for the next (parsed-batches.ts).
// While it waits, it may be lent to judge the outliers of a transaction's cards ({ judge } messages,
// outlier-judging.ts), which is the last of an import's work and otherwise leaves this thread idle.

import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { saleRecordFlags } from '../flags/flag-rules.ts';
import { judgeChunk } from '../flags/outlier-judging.ts';
import { encodeBatch } from './parsed-batch-codec.ts';
import type { ParsedRow } from './parsed-rows.ts';
import { IMAGE_CHARS_PER_BATCH, ROWS_PER_BATCH } from './parsed-rows.ts';
import type { JudgeRequest, ParseJob, WorkerMessage } from './reader-messages.ts';
import { byteCounter, readRecords } from './readers.ts';
import { parseSaleRow } from './sale-row.ts';

const port = parentPort!;

/** Batches that may be sent before the main thread takes more. */
let credits = 0;
let wake: (() => void) | undefined;
port.on('message', (message: 'next' | { job: ParseJob } | JudgeRequest) => {
  if (message === 'next') {
    credits += 1;
    wake?.();
    return;
  }
  if ('judge' in message) {
    const { id, chunk } = message.judge;
    port.postMessage({ judged: { id, flags: judgeChunk(chunk) } } satisfies WorkerMessage);
    return;
  }
  credits = message.job.batchesAhead;
  parseFile(message.job).catch((error: unknown) => {
    port.postMessage({
      failure: error instanceof Error ? error.message : String(error),
    } satisfies WorkerMessage);
  });
});

async function send(message: WorkerMessage): Promise<void> {
  while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
  credits -= 1;
  port.postMessage(message);
}

async function parseFile(job: ParseJob): Promise<void> {
  let bytesRead = 0;
  const input = fs.createReadStream(job.file, { highWaterMark: 1024 * 1024 });
  const counted = input.pipe(byteCounter((bytes) => (bytesRead += bytes)));
  input.on('error', (error) => counted.destroy(error));
  let rows: ParsedRow[] = [];
  let imageChars = 0;
  let sent = 0;
  try {
    for await (const item of readRecords(job.format, counted)) {
      if (item.error !== undefined || item.record === undefined) {
        rows.push({ line: item.line, reason: item.error ?? 'not a record', raw: item.raw });
      } else {
        const parsed = parseSaleRow(item.record, { today: job.today, rates: job.rates });
        if (!parsed.ok) {
          rows.push({ line: item.line, reason: parsed.reason, raw: item.record });
        } else {
          const { sale, imageBase64 } = parsed.value;
          sale.ownFlags = saleRecordFlags(sale);
          rows.push({ line: item.line, sale, imageBase64, record: imageBase64 ? item.record : undefined });
          imageChars += imageBase64?.length ?? 0;
        }
      }
      if (rows.length >= ROWS_PER_BATCH || imageChars >= IMAGE_CHARS_PER_BATCH) {
        await send({ batch: encodeBatch(rows, bytesRead) });
        sent += rows.length;
        rows = [];
        imageChars = 0;
      }
    }
    if (rows.length > 0) await send({ batch: encodeBatch(rows, bytesRead) });
    await send({ done: { rows: sent + rows.length } });
  } finally {
    input.destroy();
  }
}
