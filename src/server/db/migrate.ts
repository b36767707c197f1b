import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DatabaseHandle } from './connect.ts';
import { initial } from './migrations/001-initial.ts';
import { loginFailures } from './migrations/002-login-failures.ts';
import { collectorSearch } from './migrations/003-collector-search.ts';
import { excludedSales } from './migrations/006-excluded-sales.ts';
import { feeds } from './migrations/007-feeds.ts';
import { collectedCopies } from './migrations/009-collected-copies.ts';

function provider(handle: DatabaseHandle): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '001-initial': initial(handle.dialect),
        '002-login-failures': loginFailures(handle.dialect),
        '003-collector-search': collectorSearch(handle.dialect),
        '006-excluded-sales': excludedSales(handle.dialect),
        '007-feeds': feeds(handle.dialect),
        '009-collected-copies': collectedCopies(handle.dialect),
      };
    },
  };
}

/** Brings the schema up to date; safe to run on every start and from several instances at once. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider: provider(handle),
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
