import { parseArgs } from 'node:util';
import { loadDemoSales } from '../features/demo-data/load-demo-sales.ts';
import { openCliDatabase } from './cli-database.ts';
import { formatCount, progressBar } from './progress.ts';

const USAGE = `Usage: npm run demo-data -- [--sales N] [--seed S]

Writes N (default 50000) demo sales of 1st Edition graded cards over the last three years into the database
that DATA_DIR / DATABASE_URL name. The same seed (default 1) and day give the same sales, and running it
again with the same seed adds nothing.`;

function wholeNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > 10_000_000) {
    throw new Error(`${name} must be a whole number from 0 to 10,000,000`);
  }
  return Number(value);
}

async function main(): Promise<number> {
  let sales: number;
  let seed: number;
  let help: boolean | undefined;
  try {
    const { values } = parseArgs({
      options: {
        sales: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    help = values.help;
    sales = wholeNumber(values.sales, 50_000, '--sales');
    seed = wholeNumber(values.seed, 1, '--seed');
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (help) {
    console.info(USAGE);
    return 0;
  }

  const context = await openCliDatabase();
  try {
    const started = Date.now();
    const now = new Date();
    const bar = progressBar('Demo sales');
    const result = await loadDemoSales(
      context,
      { seed, count: sales, today: now.toISOString().slice(0, 10), now },
      (done, total) => bar.update(done, total, `${formatCount(done)} of ${formatCount(total)}`),
    );
    bar.finish();
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `Demo data (seed ${seed}): generated ${formatCount(result.generated)} · stored ${formatCount(result.inserted)} · already there ${formatCount(result.duplicates)} (${seconds.toFixed(1)} s)`,
    );
    return 0;
  } catch (error) {
    console.error(`Demo data failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await context.close();
  }
}

process.exitCode = await main();
