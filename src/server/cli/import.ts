import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { IMPORT_FORMATS } from '#shared/schemas/admin.ts';
import { importSalesFile } from '../features/sales-import/sales-import.service.ts';
import type { ImportFormat } from '../sales/read/readers.ts';
import { openCliDatabase } from './cli-database.ts';
import { formatCount, progressBar } from './progress.ts';

const USAGE = `Usage: npm run import -- [--format json|jsonl|csv] <file> [<file>…]

Imports sales records (flat_sales: card_name, set_id, price, sale_date, seller, imageData, timestamp,
card_number, card_rarity, card_id; optional grading_company, grade, sale_type, seller_rating, id) from a
JSON array, JSON Lines or CSV file into the database that DATA_DIR / DATABASE_URL name. Rejected rows are
written to <file>.rejects.jsonl with their line and reason. Importing a file again adds nothing new.`;

const SHOWN_REJECTS = 10;
const FORMAT_NAMES: Record<ImportFormat, string> = { json: 'JSON', jsonl: 'JSON Lines', csv: 'CSV' };

function readArguments() {
  const { values, positionals } = parseArgs({
    options: { format: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  return { ...values, files: positionals };
}

async function main(): Promise<number> {
  let values: ReturnType<typeof readArguments>;
  try {
    values = readArguments();
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { files } = values;
  if (values.help || files.length === 0) {
    console.info(USAGE);
    return values.help ? 0 : 2;
  }
  const format = values.format?.toLowerCase();
  if (format !== undefined && !(IMPORT_FORMATS as readonly string[]).includes(format)) {
    console.error(`--format must be one of ${IMPORT_FORMATS.join(', ')}`);
    return 2;
  }
  const missing = files.filter((file) => !fs.existsSync(file) || !fs.statSync(file).isFile());
  if (missing.length > 0) {
    console.error(`No such file: ${missing.join(', ')}`);
    return 1;
  }

  const context = await openCliDatabase();
  try {
    for (const file of files) {
      const name = path.basename(file);
      const bar = progressBar(name);
      const started = Date.now();
      const summary = await importSalesFile(context, path.resolve(file), {
        ...(format ? { format: format as ImportFormat } : {}),
        bulkLoadWhenEmpty: true,
        onProgress: ({ rowsRead, bytesRead, totalBytes }) =>
          bar.update(bytesRead, totalBytes, `${formatCount(rowsRead)} rows`),
      });
      bar.finish();
      const seconds = (Date.now() - started) / 1000;
      console.info(
        `${name} (${FORMAT_NAMES[summary.format]}): read ${formatCount(summary.read)} · imported ${formatCount(summary.imported)} · duplicates ${formatCount(summary.duplicates)} · rejected ${formatCount(summary.rejected)} (${seconds.toFixed(1)} s)`,
      );
      for (const reject of summary.rejects.slice(0, SHOWN_REJECTS)) {
        console.info(
          summary.format === 'json' ? `  ${reject.reason}` : `  line ${reject.line}: ${reject.reason}`,
        );
      }
      if (summary.rejected > SHOWN_REJECTS)
        console.info(`  … and ${formatCount(summary.rejected - SHOWN_REJECTS)} more`);
      if (summary.rejectsFile) console.info(`  Rejected rows: ${summary.rejectsFile}`);
    }
    return 0;
  } catch (error) {
    console.error(`Import failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await context.close();
  }
}

process.exitCode = await main();
