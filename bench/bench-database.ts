import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

export interface BenchDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  label: string;
  schema: string | undefined;
  drop(): Promise<void>;
}

/** A throw-away database: a temporary SQLite file, or a fresh schema on DATABASE_URL when it is PostgreSQL. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-bench-'));
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) {
    const handle = connectDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(handle);
    return {
      handle,
      dataDir,
      label: 'SQLite',
      schema: undefined,
      async drop() {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const schema = `bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(url, `create schema ${schema}`);
  const handle = connectDatabase({ databaseUrl: url, dataDir, schema });
  await migrateToLatest(handle);
  return {
    handle,
    dataDir,
    label: 'PostgreSQL',
    schema,
    async drop() {
      await handle.close();
      await adminQuery(url, `drop schema if exists ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
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
