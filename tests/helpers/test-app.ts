import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/env.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: App;
  config: Config;
  database: TestDatabase;
}

export function testConfig(database: TestDatabase, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', DEMO_DATA: 'off', LOG_LEVEL: 'silent' }),
    dataDir: database.dataDir,
    feedsDir: path.join(database.dataDir, 'feeds'),
    databaseUrl: database.databaseUrl,
    ...(database.schema ? { databaseSchema: database.schema } : {}),
    webDir: undefined,
    ...overrides,
  };
}

/** Builds the app on a fresh database for the whole test file and tears both down after it. */
export function useTestApp(overrides: Partial<Config> = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    holder.database = await createTestDatabase();
    holder.config = testConfig(holder.database, overrides);
    holder.app = await buildApp(holder.config, { database: holder.database.handle, logger: false });
    await holder.app.ready();
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.database?.drop();
  });
  return holder;
}
