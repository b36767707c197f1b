import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '#server/backup/create-backup.ts';
import { readManifest } from '#server/backup/manifest.ts';
import { connectDatabase, type DatabaseHandle } from '#server/db/connect.ts';
import { registerUser } from '../helpers/auth.ts';
import { addItem } from '../helpers/collection-factory.ts';
import { insertSales } from '../helpers/sales-factory.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-database.ts';

const BATCH = 200;
const ROOT = path.resolve(import.meta.dirname, '..', '..');

type Rows = Record<string, string[]>;

/** Every row of every table, each as JSON, sorted: what "finds every row" compares. */
async function allRows(handle: DatabaseHandle): Promise<Rows> {
  const tables = (await handle.db.introspection.getTables({ withInternalKyselyTables: true })).filter(
    (table) => !handle.schema || table.schema === handle.schema,
  );
  const rows: Rows = {};
  for (const table of tables) {
    const { rows: found } = await sql`select * from ${sql.table(table.name)}`.execute(handle.db);
    rows[table.name] = found.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

/** Writes sales in transactions of BATCH rows, tagged by batch, until stopped. */
function keepWriting(handle: DatabaseHandle) {
  let running = true;
  let batches = 0;
  const done = (async () => {
    while (running) {
      const tag = `during-${batches++}`;
      await insertSales(
        handle,
        Array.from({ length: BATCH }, (_, index) => ({ seller: tag, source_ref: `${tag}-${index}` })),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return batches;
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Runs `npm run backup -- <dir>` as operators do, against the test app's data directory. */
function runBackupCli(dataDir: string, targetDir: string): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', targetDir], {
    cwd: ROOT,
    env,
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe(`backup and restore (${testDialect})`, () => {
  const t = useTestApp();
  let work: string;
  let imageHash: string;
  let dropRestored: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-backup-'));
    const owner = await registerUser(t.app);
    await addItem(t.app, owner);
    await addItem(t.app, owner, { list: 'wtb', certNumber: undefined, acceptingOffers: undefined });
    await registerUser(t.app);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    imageHash = (await t.app.context.media.putImage(png, { maxWidth: 64, maxHeight: 64 })).hash;
    await insertSales(
      t.database.handle,
      Array.from({ length: 3000 }, (_, index) => ({
        price_cents: 1000 + index,
        ...(index === 0 ? { image: imageHash } : {}),
      })),
    );
  });

  afterAll(() => {
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('copies a consistent moment while sales are being written, and a restore finds every row', async () => {
    const before = await allRows(t.database.handle);
    const writer = keepWriting(t.database.handle);
    let folder: string;
    try {
      if (testDialect === 'sqlite') {
        const cli = await runBackupCli(t.database.dataDir, path.join(work, 'backups'));
        expect(cli.code, cli.output).toBe(0);
        const [name, ...others] = fs.readdirSync(path.join(work, 'backups'));
        expect(others).toEqual([]);
        expect(name).toMatch(/^holoscope-\d{4}-\d\d-\d\dT[\d-]+Z$/);
        folder = path.join(work, 'backups', name!);
        expect(cli.output).toContain(`Backup written to ${folder}`);
      } else {
        ({ folder } = await createBackup({
          database: t.database.handle,
          databaseUrl: t.database.databaseUrl,
          dataDir: t.database.dataDir,
          targetDir: path.join(work, 'backups'),
        }));
      }
    } finally {
      expect(await writer.stop()).toBeGreaterThan(0);
    }
    const after = await allRows(t.database.handle);

    const manifest = await readManifest(folder);
    expect(manifest.media.files).toBe(1);
    const restored = await restore(folder, manifest.database);
    try {
      const rows = await allRows(restored);
      expect(Object.keys(rows).sort()).toEqual(Object.keys(before).sort());
      // Sales and their change log grew while the backup ran: the copy lies between before and after.
      const growing = ['sales', 'sales_changes'];
      for (const table of Object.keys(before)) {
        if (growing.includes(table)) continue;
        expect(rows[table], table).toEqual(before[table]);
      }
      for (const table of growing) {
        const afterRows = new Set(after[table]);
        const restoredRows = new Set(rows[table]);
        for (const row of before[table]!) expect(restoredRows.has(row), table).toBe(true);
        for (const row of rows[table]!) expect(afterRows.has(row), table).toBe(true);
      }
      // The log of the same moment: each sale stored is in an entry, once (nothing was deleted).
      const logged = rows.sales_changes!.reduce((sum, row) => {
        const { sales } = JSON.parse(row) as { sales: string | null };
        return sum + (sales === null ? 0 : (JSON.parse(sales) as unknown[]).length);
      }, 0);
      expect(logged).toBe(rows.sales!.length);

      // Each batch was one transaction: the copy holds all of a batch or none of it.
      const perBatch = new Map<string, number>();
      for (const row of rows.sales!) {
        const seller = (JSON.parse(row) as { seller: string }).seller;
        if (seller.startsWith('during-')) perBatch.set(seller, (perBatch.get(seller) ?? 0) + 1);
      }
      for (const count of perBatch.values()) expect(count).toBe(BATCH);

      if (manifest.tables) {
        expect(manifest.integrity).toBe('ok');
        for (const [table, count] of Object.entries(manifest.tables)) expect(rows[table]).toHaveLength(count);
      }
      const image = path.join(work, 'restored', 'media', imageHash.slice(0, 2), imageHash.slice(2, 4));
      expect(fs.readdirSync(image)).toEqual([`${imageHash}.webp`]);
    } finally {
      await restored.close();
      await dropRestored?.();
    }
  });

  /** The restore docs/operations.md describes, done the same way. */
  async function restore(folder: string, databaseFile: string): Promise<DatabaseHandle> {
    const dataDir = path.join(work, 'restored');
    fs.mkdirSync(dataDir);
    fs.cpSync(path.join(folder, 'media'), path.join(dataDir, 'media'), { recursive: true });
    if (testDialect === 'sqlite') {
      fs.copyFileSync(path.join(folder, databaseFile), path.join(dataDir, 'holoscope.db'));
      return connectDatabase({ databaseUrl: undefined, dataDir });
    }
    const url = new URL(t.database.databaseUrl!);
    const name = `holoscope_restore_${crypto.randomBytes(4).toString('hex')}`;
    await adminQuery(url.toString(), `create database ${name}`);
    url.pathname = `/${name}`;
    dropRestored = () => adminQuery(t.database.databaseUrl!, `drop database if exists ${name} with (force)`);
    const result = spawnSync(
      'pg_restore',
      ['--no-owner', '--exit-on-error', `--dbname=${url}`, path.join(folder, databaseFile)],
      { encoding: 'utf8' },
    );
    expect(result.status, result.stderr).toBe(0);
    return connectDatabase({ databaseUrl: url.toString(), dataDir, schema: t.database.schema! });
  }
});
