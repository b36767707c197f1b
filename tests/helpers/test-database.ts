import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { connectDatabase, type DatabaseHandle, sqliteFile } from '#server/db/connect.ts';
import { migrateToLatest, migrateUpTo } from '#server/db/migrate.ts';
import { adminQuery, databaseUrlFor } from './template-database.ts';

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
 * stops after that migration, for a test of the migrations after it. Where the run made a migrated template
 * (the API projects: template-database.ts), the database is a copy of it instead of migrated anew.
 */
export async function createTestDatabase({ upTo }: { upTo?: string } = {}): Promise<TestDatabase> {
  const migrate = (handle: DatabaseHandle) => (upTo ? migrateUpTo(handle, upTo) : migrateToLatest(handle));
  const template = upTo ? undefined : inject('databaseTemplate');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-test-'));
  if (testDialect === 'sqlite') {
    if (template?.dialect === 'sqlite') fs.copyFileSync(template.file, sqliteFile(dataDir));
    const handle = connectDatabase({ databaseUrl: undefined, dataDir });
    if (!template) await migrate(handle);
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
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  if (template?.dialect === 'postgres') {
    const database = `${template.clonePrefix}${schema}`;
    await adminQuery(serverUrl, `create database ${database} template ${template.database}`);
    const databaseUrl = databaseUrlFor(serverUrl, database);
    const handle = connectDatabase({ databaseUrl, dataDir, schema });
    await sql.raw(`alter schema ${template.schema} rename to ${schema}`).execute(handle.db);
    return {
      handle,
      dataDir,
      databaseUrl,
      schema,
      async drop() {
        await handle.close();
        await adminQuery(serverUrl, `drop database if exists ${database} with (force)`);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  await adminQuery(serverUrl, `create schema ${schema}`);
  const handle = connectDatabase({ databaseUrl: serverUrl, dataDir, schema });
  await migrate(handle);
  return {
    handle,
    dataDir,
    databaseUrl: serverUrl,
    schema,
    async drop() {
      await handle.close();
      await adminQuery(serverUrl, `drop schema if exists ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
