import { type Kysely, sql } from 'kysely';
import type pg from 'pg';

/** node-postgres sets it from the server's BackendKeyData; its type definitions leave it out. */
type ClientWithPid = pg.PoolClient & { processID: number | null };

/**
 * The pool's connections by server process id. Kysely hides the connection a transaction holds, and COPY
 * must run on that very connection to be part of the transaction; asking the server `pg_backend_pid()`
 * through the transaction names it.
 */
export class PostgresClients {
  private readonly byPid = new Map<number, pg.PoolClient>();

  constructor(pool: pg.Pool) {
    pool.on('connect', (client) => {
      const pid = (client as ClientWithPid).processID;
      if (pid !== null) this.byPid.set(pid, client);
    });
    pool.on('remove', (client) => {
      const pid = (client as ClientWithPid).processID;
      if (pid !== null) this.byPid.delete(pid);
    });
  }

  /**
   * The connection `executor` (a transaction) runs on. Its queries and the caller's use of the connection
   * must not overlap: the caller awaits each before the next, as a transaction's statements are anyway.
   */
  async connectionOf<T>(executor: Kysely<T>): Promise<pg.PoolClient> {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(executor);
    const client = this.byPid.get(Number(rows[0]?.pid));
    if (!client) throw new Error('The transaction runs on a connection of another pool');
    return client;
  }
}
