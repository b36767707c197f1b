import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** SQLite's own default: a commit that leaves more pages than this in the log copies them back itself. */
const AUTO_CHECKPOINT_PAGES = 1000;

/**
 * Who copies SQLite's write-ahead log into the database file. Normally the connection does, at the commit
 * that leaves more than AUTO_CHECKPOINT_PAGES pages in the log: a few megabytes, quickly. A large writer
 * (an import: about 200 MB of log for 100,000 sales in a million) would make its last commit copy all of
 * it on the event loop, about a quarter of a second for every 100,000 sales. While one holds the
 * checkpoints, commits leave the log as it is; once the last lets go, a worker thread with a connection of
 * its own copies it (PASSIVE: it waits for no reader or writer), and only then do commits copy again, so
 * the next small commit does not copy the large log itself.
 */
export class SqliteCheckpoints {
  private holds = 0;
  private running: Promise<void> = Promise.resolve();
  /** Checkpoints made off the event loop, for tests. */
  completed = 0;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly file: string,
  ) {}

  /** A large write begins: its commits leave the log to the worker. */
  hold(): void {
    if (this.holds++ === 0) this.sqlite.pragma('wal_autocheckpoint = 0');
  }

  /** A large write has ended: the worker copies the log, then commits copy it again as usual. */
  release(): void {
    if (--this.holds > 0) return;
    this.running = this.running.then(async () => {
      await this.checkpointOffThread();
      if (this.holds === 0 && this.sqlite.open) {
        this.sqlite.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
      }
    });
  }

  /** Resolves once the checkpoints asked for so far are done. */
  idle(): Promise<void> {
    return this.running;
  }

  private async checkpointOffThread(): Promise<void> {
    const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
      workerData: { file: this.file },
    });
    try {
      await once(worker, 'message');
      this.completed++;
    } catch {
      // The log stays as it is; the connection's own commits copy it once they may again.
    } finally {
      await worker.terminate();
    }
  }
}
