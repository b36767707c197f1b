import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '#server/db/connect.ts';
import { migrateToLatest, migrateUpTo } from '#server/db/migrate.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  databaseUrl: string | undefined;
  schema: string | undefined;
  drop(): Promise<void>;
}

export const testDialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/**
 * A fresh, migrated database: a temporary SQLite file, or a schema of its own on TEST_DATABASE_URL. `upTo`
 * stops after that migration, for a test of the migrations after it.
 */
export async function createTestDatabase({ upTo }: { upTo?: string } = {}): Promise<TestDatabase> {
  const migrate = (handle: DatabaseHandle) => (upTo ? migrateUpTo(handle, upTo) : migrateToLatest(handle));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-test-'));
  if (testDialect === 'sqlite') {
    const handle = connectDatabase({ databaseUrl: undefined, dataDir });
    await migrate(handle);
    return {
      handle,
      dataDir,
      databaseUrl: undefined,
      schema: undefined,
      async drop() {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(databaseUrl, `create schema ${schema}`);
  const handle = connectDatabase({ databaseUrl, dataDir, schema });
  await migrate(handle);
  return {
    handle,
    dataDir,
    databaseUrl,
    schema,
    async drop() {
      await handle.close();
      await adminQuery(databaseUrl, `drop schema if exists ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(databaseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
