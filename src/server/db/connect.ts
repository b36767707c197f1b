import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { TurnAfterStatements } from '../event-loop-turns.ts';
import pg from 'pg';
import { PostgresClients } from './postgres-clients.ts';
import { ReadRouting } from './read-routing.ts';
import type { Database } from './schema.ts';
import { SqliteCheckpoints } from './sqlite-checkpoints.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  /** The primary: every write, and every read a feature does not mark as one a replica may answer. */
  db: Kysely<Database>;
  /**
   * For the reads a replica may answer (analysis, Source): the replica when DATABASE_READ_URL is set and
   * nothing newer may be on the primary for this request (read-routing.ts), the primary otherwise.
   */
  readonly read: Kysely<Database>;
  /** Present when a replica is configured: the request hook and the sales events feed it. */
  readRouting?: ReadRouting;
  dialect: Dialect;
  /** The Postgres pool (LISTEN/NOTIFY needs its own client); undefined on SQLite. */
  pool?: pg.Pool;
  /** The primary pool's connections by server process id (COPY inside a transaction); undefined on SQLite. */
  postgresClients?: PostgresClients;
  /** The SQLite connection (online backup); undefined on Postgres. */
  sqlite?: SQLite.Database;
  /** Who copies SQLite's log into its file: large writers hold it off the event loop. Undefined on Postgres. */
  checkpoints?: SqliteCheckpoints;
  /** Postgres schema the tables live in. */
  schema?: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  schema?: string;
  /** A read replica of databaseUrl (PostgreSQL only), and its schema when it is not `schema`. */
  readUrl?: string | undefined;
  readSchema?: string | undefined;
}

let pgTypesConfigured = false;

/** Postgres answers in the same shapes as SQLite: ISO strings for time, numbers for counts and sums. */
function configurePgTypes(): void {
  if (pgTypesConfigured) return;
  pgTypesConfigured = true;
  // Postgres writes offsets as `+00`, which Date cannot read; `+00:00` it can.
  const toIso = (value: string) =>
    new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, toIso);
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (value) => toIso(`${value}Z`));
  pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
}

export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'holoscope.db');
}

export function connectDatabase(options: ConnectOptions): DatabaseHandle {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options);
  return connectSqlite(sqliteFile(options.dataDir));
}

/** SQLite's page cache for the connection, in KiB: the indexes an analysis and a Source search read most. */
export const SQLITE_CACHE_KIB = 65_536;

/**
 * The page size of a new database file (docs/decisions/031-sqlite-page-size.md): an import's rows land all
 * over the sales indexes, and with pages twice SQLite's default a transaction dirties half as many of them.
 * An existing file keeps the size it was made with.
 */
export const SQLITE_PAGE_BYTES = 8192;

function connectSqlite(file: string): DatabaseHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // Only a file without tables takes it, and only before it is in WAL mode.
  sqlite.pragma(`page_size = ${SQLITE_PAGE_BYTES}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new TurnAfterStatements()],
  });
  const checkpoints = new SqliteCheckpoints(sqlite, file);
  return {
    db,
    read: db,
    dialect: 'sqlite',
    sqlite,
    checkpoints,
    async close() {
      await checkpoints.idle();
      await db.destroy();
    },
  };
}

function postgresPool(url: string, schema: string | undefined): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3000,
    // A partition must not leave requests waiting on a dead connection: probe idle sockets, bound each query.
    keepAlive: true,
    query_timeout: 30_000,
    idleTimeoutMillis: 30_000,
    ...(schema ? { options: `-c search_path=${schema} -c timezone=UTC` } : { options: '-c timezone=UTC' }),
  });
  // A dropped connection must not crash the process; the next query reconnects. The pool listens on idle
  // connections only: one lost while a request holds it would otherwise raise an unhandled 'error' event.
  // Its query fails instead, and the pool discards it when it comes back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

function connectPostgres(url: string, options: ConnectOptions): DatabaseHandle {
  configurePgTypes();
  const { schema } = options;
  const pool = postgresPool(url, schema);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const replica = options.readUrl
    ? new Kysely<Database>({
        dialect: new PostgresDialect({ pool: postgresPool(options.readUrl, options.readSchema ?? schema) }),
      })
    : undefined;
  const readRouting = replica ? new ReadRouting(db, replica) : undefined;
  return {
    db,
    get read() {
      return readRouting ? readRouting.read : db;
    },
    ...(readRouting ? { readRouting } : {}),
    dialect: 'postgres',
    pool,
    postgresClients: new PostgresClients(pool),
    ...(schema ? { schema } : {}),
    async close() {
      await Promise.all([db.destroy(), replica?.destroy()]);
    },
  };
}
