import { defineConfig } from 'vitest/config';

/**
 * Test files share their worker's loaded modules instead of importing the server anew in a fresh process
 * each (some four seconds a file): every file builds its own app on its own database, and none mocks a
 * module or changes one's state for the next.
 */
const isolate = false;

/**
 * Every test gets one more try in CI, as the browser tests do; `npm test` names every test that passed only
 * on its second try, and every test that failed, so an intermittent failure stays visible.
 */
const retry = process.env.CI ? 1 : 0;

const unit = {
  extends: true as const,
  test: {
    name: 'unit',
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    exclude: ['src/**/*.api.test.ts'],
    isolate,
    retry,
  },
};

function apiProject(database: 'sqlite' | 'postgres') {
  return {
    extends: true as const,
    test: {
      name: `api-${database}`,
      include: ['src/**/*.api.test.ts', 'tests/api/**/*.test.ts'],
      env: { TEST_DB: database },
      // Migrates once; each test file's database is a copy (tests/helpers/template-database.ts).
      globalSetup: ['tests/helpers/template-database.ts'],
      isolate,
      testTimeout: 20_000,
      hookTimeout: 30_000,
      retry,
    },
  };
}

/** Whole server processes killed mid-write and databases that go away: slow, so run once, not per dialect. */
const faults = {
  extends: true as const,
  test: {
    name: 'faults',
    include: ['tests/faults/**/*.test.ts'],
    env: { TEST_DB: 'sqlite' },
    testTimeout: 90_000,
    hookTimeout: 60_000,
    retry,
  },
};

/** Several app instances on one PostgreSQL (and Redis): runs once, and says so when it cannot. */
const scale = {
  extends: true as const,
  test: {
    name: 'scale',
    include: ['tests/scale/**/*.test.ts'],
    env: { TEST_DB: 'postgres' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    retry,
  },
};

/** The API suite runs on SQLite always, and a second time on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    pool: 'forks',
    projects: process.env.TEST_DATABASE_URL
      ? [unit, apiProject('sqlite'), apiProject('postgres'), faults, scale]
      : [unit, apiProject('sqlite'), faults, scale],
  },
});
