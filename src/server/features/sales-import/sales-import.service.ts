import fs from 'node:fs';
import path from 'node:path';
import { recordAudit } from '../../audit/record-audit.ts';
import { loadRates } from '../../sales/fx/fx.repository.ts';
import { parsedBatches } from '../../sales/read/parsed-batches.ts';
import { detectFormat, type ImportFormat } from '../../sales/read/readers.ts';
import { RejectsFile } from '../../sales/read/rejects-file.ts';
import { type ImportContext, BulkSalesWriter } from '../../sales/write/bulk-sales-writer.ts';

export type { ImportContext };

interface ImportProgress {
  rowsRead: number;
  bytesRead: number;
  totalBytes: number;
}

interface RejectedRow {
  line: number;
  reason: string;
}

export interface ImportSummary {
  format: ImportFormat;
  read: number;
  imported: number;
  duplicates: number;
  rejected: number;
  /** The first rejected rows; all of them are in the rejects file. */
  rejects: RejectedRow[];
  /** Where every rejected row was written, when any was. */
  rejectsFile: string | undefined;
}

export interface ImportOptions {
  /** Read the file as this format instead of guessing from its first character. */
  format?: ImportFormat;
  /** Where rejected rows go; `<file>.rejects.jsonl` unless given, none when false. */
  rejectsFile?: string | false;
  onProgress?: (progress: ImportProgress) => void;
  /** Who imported (user id), for the audit log. */
  actor?: string;
  /** Today's date (UTC, YYYY-MM-DD); the default is the real one. */
  today?: string;
  /**
   * Into a sales table that has never held a sale, write as one bulk load (SQLite; over twice as fast).
   * It holds the database connection until the file is read, so only command line tools ask for it.
   */
  bulkLoadWhenEmpty?: boolean;
}

const MAX_LISTED_REJECTS = 100;
const PROGRESS_EVERY_ROWS = 1000;

/**
 * Imports `flat_sales` records from a JSON array, JSON Lines or CSV file, streaming: memory stays flat
 * however big the file is. Each bad row is reported with its line and reason and written to the rejects
 * file; good rows are stored in batches; a row stored before (same source reference) adds nothing.
 */
export async function importSalesFile(
  context: ImportContext,
  file: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const totalBytes = (await fs.promises.stat(file)).size;
  const format = options.format ?? (await detectFormat(file));
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const rejectsPath =
    options.rejectsFile === false ? undefined : (options.rejectsFile ?? `${file}.rejects.jsonl`);
  const rejectsFile = new RejectsFile(rejectsPath);
  const summary: ImportSummary = {
    format,
    read: 0,
    imported: 0,
    duplicates: 0,
    rejected: 0,
    rejects: [],
    rejectsFile: undefined,
  };
  const progress: ImportProgress = { rowsRead: 0, bytesRead: 0, totalBytes };
  const report = () => options.onProgress?.({ ...progress, rowsRead: summary.read });

  const reject = async (line: number, reason: string, record: unknown) => {
    const text = format === 'json' ? `record ${line}: ${reason}` : reason;
    summary.rejected += 1;
    if (summary.rejects.length < MAX_LISTED_REJECTS) summary.rejects.push({ line, reason: text });
    await rejectsFile.write({ line, reason: text, record });
  };

  // Read before the writer opens: a bulk load holds SQLite's one connection until it finishes.
  const rates = await loadRates(context.database);
  const writer = await BulkSalesWriter.open(context, options.bulkLoadWhenEmpty ?? false, reject);

  try {
    for await (const batch of parsedBatches({ file, format, today, rates })) {
      progress.bytesRead = batch.bytesRead;
      for (const row of batch.rows) {
        summary.read += 1;
        if ('reason' in row) await reject(row.line, row.reason, row.raw);
        else await writer.add(row);
        if (summary.read % PROGRESS_EVERY_ROWS === 0) report();
      }
      if (batch.readerBehind) await writer.storeWhileWaiting();
    }
    await writer.finish();
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    summary.rejectsFile = await rejectsFile.close();
  }
  summary.imported = writer.imported;
  summary.duplicates = writer.duplicates;
  report();

  if (summary.imported > 0) context.salesEvents.changed([...writer.cardIds]);
  await recordAudit(context.database.db, {
    action: 'sales.import',
    actor: options.actor ?? null,
    subject: path.basename(file),
    detail: {
      format,
      read: summary.read,
      imported: summary.imported,
      duplicates: summary.duplicates,
      rejected: summary.rejected,
    },
  });
  return summary;
}
