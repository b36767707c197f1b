import fs from 'node:fs';
import { importFxFile } from '../sales/fx/fx-import.ts';
import { openCliDatabase } from './cli-database.ts';

const USAGE = `Usage: npm run fx:import -- <file>

Loads reference exchange rates in the European Central Bank's historical CSV format (eurofxref-hist.csv:
"Date,USD,JPY,…", units per euro, N/A where there is no rate) into the database that DATA_DIR /
DATABASE_URL name. Sales in another currency than US dollars are converted at these rates when imported.
Loading a file again replaces the rates of the days it has.`;

async function main(): Promise<number> {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0 || file === '--help' || file === '-h') {
    console.info(USAGE);
    return file === '--help' || file === '-h' ? 0 : 2;
  }
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    console.error(`No such file: ${file}`);
    return 1;
  }
  const context = await openCliDatabase();
  try {
    const summary = await importFxFile(context.database, file);
    console.info(
      `Loaded ${summary.rates.toLocaleString('en-US')} rates for ${summary.days.toLocaleString('en-US')} days: ${summary.currencies.join(', ')}`,
    );
    return 0;
  } catch (error) {
    console.error(`Loading rates failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await context.close();
  }
}

process.exitCode = await main();
