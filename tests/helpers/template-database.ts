import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, sqliteFile } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

/**
 * The migrated database every API test file starts from, made once per run (vitest's globalSetup of the API
 * projects): a SQLite file to copy, or a PostgreSQL template database to create each test's database from.
 * Running the migrations for each file cost a fifth of a second on SQLite and two seconds on PostgreSQL.
 */
export type DatabaseTemplate =
  | { dialect: 'sqlite'; file: string }
  | {
      dialect: 'postgres';
      /** The template database, and the prefix of the databases made from it in this run. */
      database: string;
      clonePrefix: string;
      /** The schema its tables are in; each copy renames it, so no two copies share a schema name. */
      schema: string;
    };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-template-'));
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env.TEST_DB !== 'postgres') {
    const handle = connectDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(handle);
    // Closing the last connection folds the write-ahead log into the file, so the file alone is the database.
    await handle.close();
    project.provide('databaseTemplate', { dialect: 'sqlite', file: sqliteFile(dataDir) });
    return async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!databaseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const run = `${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const template = {
    dialect: 'postgres' as const,
    database: `holoscope_template_${run}`,
    clonePrefix: `holoscope_test_${run}_`,
    schema: 'holoscope_template',
  };
  await adminQuery(databaseUrl, `create database ${template.database}`);
  const url = databaseUrlFor(databaseUrl, template.database);
  await adminQuery(url, `create schema ${template.schema}`);
  const handle = connectDatabase({ databaseUrl: url, dataDir, schema: template.schema });
  await migrateToLatest(handle);
  await handle.close();
  // Nobody may be connected to a template while a database is made from it, not even autovacuum.
  await adminQuery(
    databaseUrl,
    `alter database ${template.database} with is_template true allow_connections false`,
  );
  project.provide('databaseTemplate', template);
  return async () => {
    // Test files that were stopped half-way leave their databases behind; the run's prefix finds them.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [template.clonePrefix],
      );
      for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
      await client.query(`alter database ${template.database} with is_template false`);
      await client.query(`drop database if exists ${template.database} with (force)`);
    } finally {
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
}

/** The same server and credentials, another database. */
export function databaseUrlFor(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(databaseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
