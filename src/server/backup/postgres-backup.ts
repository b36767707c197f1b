import { spawn } from 'node:child_process';
import path from 'node:path';

const DUMP_FILE = 'holoscope.dump';

export class PgDumpMissingError extends Error {}

/** pg_dump's arguments and environment: the password travels in PGPASSWORD, never on the command line. */
function pgDumpInvocation(
  databaseUrl: string,
  schema: string | undefined,
  file: string,
): { args: string[]; env: Record<string, string>; shown: string } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const args = [
    '--format=custom',
    '--no-owner',
    `--file=${file}`,
    ...(schema ? [`--schema=${schema}`] : []),
    `--dbname=${url.toString()}`,
  ];
  return {
    args,
    env: password ? { PGPASSWORD: password } : {},
    shown: `pg_dump ${args.map((arg) => `'${arg}'`).join(' ')}`,
  };
}

/**
 * Runs pg_dump into the backup folder. pg_dump reads inside one repeatable-read transaction, so the dump is
 * one consistent moment while the servers keep writing. Its major version must be at least the server's.
 */
export async function backupPostgres(
  databaseUrl: string,
  schema: string | undefined,
  folder: string,
): Promise<{ database: string }> {
  const { args, env, shown } = pgDumpInvocation(databaseUrl, schema, path.join(folder, DUMP_FILE));
  await new Promise<void>((resolve, reject) => {
    const child = spawn('pg_dump', args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new PgDumpMissingError(
              `pg_dump is not installed here. Install the PostgreSQL client tools (Debian: apt-get install postgresql-client), or run on a machine that has them:\n  ${shown}`,
            )
          : error,
      );
    });
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`pg_dump failed (${signal ?? `exit code ${code}`}): ${shown}`));
    });
  });
  return { database: DUMP_FILE };
}
