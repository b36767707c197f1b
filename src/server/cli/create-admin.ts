import { parseArgs } from 'node:util';
import { connectDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadConfig } from '../env.ts';
import { createOrPromoteAdmin } from '../features/accounts/bootstrap-admin.ts';

const USAGE = `Usage: npm run create-admin -- --email <email> --password <password>

Creates an admin account, or makes an existing account an admin and sets its password.
The password may also come from ADMIN_PASSWORD, which keeps it out of the shell history.`;

async function main(): Promise<number> {
  let values: { email?: string | undefined; password?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const email = values.email ?? process.env.ADMIN_EMAIL;
  const password = values.password ?? process.env.ADMIN_PASSWORD;
  if (values.help || !email || !password) {
    console.info(USAGE);
    return values.help ? 0 : 2;
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const database = connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
  });
  try {
    await migrateToLatest(database);
    const admin = await createOrPromoteAdmin(database.db, email, password);
    console.info(
      admin.created
        ? `Created admin ${admin.email} (username ${admin.username}).`
        : `${admin.email} is now an admin; its password was set.`,
    );
    return 0;
  } catch (error) {
    console.error(`Could not create the admin: ${(error as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
