import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createBackup } from '../backup/create-backup.ts';
import { PgDumpMissingError } from '../backup/postgres-backup.ts';
import { connectDatabase, sqliteFile } from '../db/connect.ts';
import { ConfigError, loadConfig } from '../env.ts';
import { formatCount } from './progress.ts';

const USAGE = `Usage: npm run backup -- <folder>

Copies the database that DATA_DIR / DATABASE_URL name, and the stored media, into a new folder
<folder>/holoscope-<time>/ while the server keeps running. SQLite is copied with its online backup;
PostgreSQL with pg_dump (the PostgreSQL client tools must be installed). docs/operations.md says how to
restore.`;

async function main(): Promise<number> {
  let positionals: string[];
  let help: boolean | undefined;
  try {
    ({
      positionals,
      values: { help },
    } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [targetDir, ...extra] = positionals;
  if (help || !targetDir || extra.length > 0) {
    console.info(USAGE);
    return help ? 0 : 2;
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (!config.databaseUrl && !fs.existsSync(sqliteFile(config.dataDir))) {
    console.error(`There is no database at ${sqliteFile(config.dataDir)}: check DATA_DIR.`);
    return 1;
  }
  await fs.promises.mkdir(targetDir, { recursive: true });

  const database = connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const started = Date.now();
    const { folder, manifest } = await createBackup({
      database,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      targetDir,
    });
    if (manifest.integrity !== undefined && manifest.integrity !== 'ok') {
      console.error(`The copy in ${folder} failed SQLite's integrity check: ${manifest.integrity}`);
      return 1;
    }
    const rows = manifest.tables
      ? ` · ${formatCount(Object.values(manifest.tables).reduce((sum, count) => sum + count, 0))} rows`
      : '';
    console.info(
      `Backup written to ${folder} (${manifest.dialect}${rows} · ${formatCount(manifest.media.files)} media files) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } catch (error) {
    console.error(
      error instanceof PgDumpMissingError ? error.message : `Backup failed: ${(error as Error).message}`,
    );
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
