import { defineConfig } from 'vitest/config';

const unit = {
  extends: true as const,
  test: {
    name: 'unit',
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    exclude: ['src/**/*.api.test.ts'],
  },
};

function apiProject(database: 'sqlite' | 'postgres') {
  return {
    extends: true as const,
    test: {
      name: `api-${database}`,
      include: ['src/**/*.api.test.ts', 'tests/api/**/*.test.ts'],
      env: { TEST_DB: database },
      testTimeout: 20_000,
      hookTimeout: 30_000,
    },
  };
}

/** The API suite runs on SQLite always, and a second time on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    pool: 'forks',
    projects: process.env.TEST_DATABASE_URL
      ? [unit, apiProject('sqlite'), apiProject('postgres')]
      : [unit, apiProject('sqlite')],
  },
});
