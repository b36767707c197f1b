import type { AppContext } from '../context.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadConfigOrExit } from '../env.ts';
import { MediaStore } from '../media/media-store.ts';
import { createSalesEvents } from '../sales/changes/create-sales-events.ts';

export type CliContext = Pick<AppContext, 'config' | 'database' | 'media' | 'salesEvents'>;

/**
 * The database and media store the server would use (same environment variables), migrated, for command
 * line tools. Exits with the configuration problems listed when the environment is not valid.
 */
export async function openCliDatabase(): Promise<CliContext & { close(): Promise<void> }> {
  const config = loadConfigOrExit();
  const database = connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
  });
  try {
    await migrateToLatest(database);
    // On PostgreSQL this announces changes to the running servers, so their cached analyses are dropped.
    const salesEvents = await createSalesEvents(database);
    return {
      config,
      database,
      media: new MediaStore(config.dataDir, database),
      salesEvents,
      async close() {
        await salesEvents.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
