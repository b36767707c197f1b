import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROWS_PER_TRANSACTION } from '#server/sales/write/sales-write.repository.ts';
import { writeFlatSalesFile } from '../../bench/flat-sales-file.ts';
import { loginAdmin, type ServerProcess, startServer, uploadImport } from './server-process.ts';

const SEED_ROWS = 2_000;
/** Enough for two whole batches to commit before the kill and more to be cut off. */
const IMPORT_ROWS = 4 * ROWS_PER_TRANSACTION;
const DELETE_BATCH = 50;
const SEED_FILE_SEED = 7;
const IMPORT_FILE_SEED = 8;
/** writeFlatSalesFile gives each record the id `bench-<seed>-<n>`, which becomes its source_ref. */
const importedRef = `bench-${IMPORT_FILE_SEED}-%`;

function openDatabase(dataDir: string): SQLite.Database {
  return new SQLite(path.join(dataDir, 'holoscope.db'));
}

function countImported(db: SQLite.Database): number {
  return db.prepare('select count(*) from sales where source_ref like ?').pluck().get(importedRef) as number;
}

async function postDelete(origin: string, cookie: string, saleIds: string[]): Promise<Response> {
  return fetch(`${origin}/api/admin/sales/delete`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify({ saleIds }),
  });
}

describe('kill -9 while an import and admin deletions are running', () => {
  let dataDir: string;
  let seedFile: string;
  let importFile: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-kill-'));
    seedFile = path.join(dataDir, 'seed.jsonl');
    importFile = path.join(dataDir, 'import.jsonl');
    const today = new Date().toISOString().slice(0, 10);
    await writeFlatSalesFile(seedFile, SEED_ROWS, SEED_FILE_SEED, today);
    await writeFlatSalesFile(importFile, IMPORT_ROWS, IMPORT_FILE_SEED, today);
  });

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every committed write, loses none, and completes when the import is run again', async () => {
    server = await startServer({ DATA_DIR: dataDir });
    let cookie = await loginAdmin(server.origin);
    const seeded = await uploadImport(server.origin, cookie, seedFile);
    expect(seeded.status).toBe(200);
    expect(await seeded.json()).toMatchObject({ imported: SEED_ROWS, rejected: 0 });

    const reader = openDatabase(dataDir);
    const seedIds = reader.prepare('select id from sales order by id').pluck().all() as string[];
    expect(seedIds).toHaveLength(SEED_ROWS);

    const origin = server.origin;
    const importing = uploadImport(origin, cookie, importFile).then(
      (response) => response.status,
      () => 'cut off' as const,
    );

    // Deletions run one batch at a time until the kill; a batch answered 200 is committed, the batch in
    // flight at the kill may or may not be.
    const confirmed: string[][] = [];
    let inFlight: string[] = [];
    let killed = false;
    const deleting = (async () => {
      for (let start = 0; start < seedIds.length && !killed; start += DELETE_BATCH) {
        inFlight = seedIds.slice(start, start + DELETE_BATCH);
        try {
          const response = await postDelete(origin, cookie, inFlight);
          if (response.status !== 200) throw new Error(`delete answered ${response.status}`);
          confirmed.push(inFlight);
          inFlight = [];
        } catch (error) {
          if (!killed) throw error;
          return;
        }
      }
    })();

    const deadline = Date.now() + 40_000;
    while (countImported(reader) < 2 * ROWS_PER_TRANSACTION || confirmed.length < 3) {
      if (Date.now() > deadline)
        throw new Error(`Import or deletions did not get going:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    reader.close();
    killed = true;
    server.child.kill('SIGKILL');
    expect(await server.exited).toMatchObject({ signal: 'SIGKILL' });
    expect(await importing).toBe('cut off');
    await deleting;

    server = await startServer({ DATA_DIR: dataDir });
    const db = openDatabase(dataDir);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare('select count(*) from sales join deleted_sales using (id)').pluck().get()).toBe(0);

      const live = new Set(db.prepare('select id from sales').pluck().all() as string[]);
      const archived = new Set(db.prepare('select id from deleted_sales').pluck().all() as string[]);
      for (const id of seedIds) expect(live.has(id) !== archived.has(id)).toBe(true);
      for (const id of confirmed.flat()) expect(archived.has(id)).toBe(true);
      const inFlightArchived = inFlight.filter((id) => archived.has(id)).length;
      expect([0, inFlight.length]).toContain(inFlightArchived);
      const settled = new Set([...confirmed.flat(), ...inFlight]);
      for (const id of seedIds.filter((id) => !settled.has(id))) expect(live.has(id)).toBe(true);

      // Each import batch commits as one transaction: whole batches survive, nothing of the one cut off.
      const survived = countImported(db);
      expect(survived).toBeGreaterThanOrEqual(2 * ROWS_PER_TRANSACTION);
      expect(survived).toBeLessThan(IMPORT_ROWS);
      expect(survived % ROWS_PER_TRANSACTION).toBe(0);

      cookie = await loginAdmin(server.origin);
      const rerun = await uploadImport(server.origin, cookie, importFile);
      expect(rerun.status).toBe(200);
      expect(await rerun.json()).toMatchObject({
        read: IMPORT_ROWS,
        imported: IMPORT_ROWS - survived,
        duplicates: survived,
        rejected: 0,
      });
      expect(countImported(db)).toBe(IMPORT_ROWS);
      expect(db.prepare('select count(*) from sales').pluck().get()).toBe(
        IMPORT_ROWS + SEED_ROWS - archived.size,
      );
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
    await server.stop();
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
