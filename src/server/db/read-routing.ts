import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * How long after a write its writer keeps reading from the primary, and this instance after it hears that
 * sales changed: longer than a healthy replica takes to replay a change (docs/operations.md, "A read
 * replica"; docs/decisions/023-read-replica.md).
 */
export const READ_YOUR_WRITES_MS = 5_000;

/**
 * Where reads go when a read replica is configured: to the replica, except when what is read may be newer
 * on the primary. That is a request that writes, or whose client wrote within READ_YOUR_WRITES_MS (the
 * request hook in read-your-writes.ts says so through `forRequest`), and every read of this instance for a
 * while after sales changed, so the analysis caches, dropped by the change, refill with it.
 */
export class ReadRouting {
  private readonly requestReadsPrimary = new AsyncLocalStorage<boolean>();
  private primaryUntil = 0;

  constructor(
    private readonly primary: Kysely<Database>,
    private readonly replica: Kysely<Database>,
  ) {}

  get read(): Kysely<Database> {
    if (this.requestReadsPrimary.getStore() || Date.now() < this.primaryUntil) return this.primary;
    return this.replica;
  }

  /** Runs a request's work (its remaining hooks and handler) knowing whether its reads need the primary. */
  forRequest(readsPrimary: boolean, work: () => void): void {
    this.requestReadsPrimary.run(readsPrimary, work);
  }

  /** Data this instance caches changed: read it from the primary until the replica has it too. */
  readPrimaryForAWhile(): void {
    this.primaryUntil = Date.now() + READ_YOUR_WRITES_MS;
  }
}
