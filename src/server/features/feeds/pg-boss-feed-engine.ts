import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { isDatabaseUnavailable } from '../../errors.ts';
import type { FeedEngine } from '../../context.ts';
import { executeRun, type RunContext } from './feed-runner.ts';
import { runsToQueue } from './feed-tick.ts';

const TICK_QUEUE = 'feeds-tick';
const RUN_QUEUE = 'feed-run';
/** Runs one instance works on at once. */
const WORKERS = 2;

/** pg-boss keeps its tables in a schema of its own, next to the app's (tests give each app a schema). */
export function jobsSchema(appSchema: string | undefined): string {
  return appSchema ? `${appSchema}_jobs` : 'pgboss';
}

/**
 * On PostgreSQL, pg-boss schedules and distributes the work (decision 018). Its cron sends one tick job a
 * minute however many instances run, and one instance's worker takes it; runs are jobs that one instance's
 * worker takes, and a retry is a job that starts later. Whether a run is under way, and where it is, stays in
 * feed_runs, so a job that comes twice, or a run whose instance died, is still worked on once.
 */
export class PgBossFeedEngine implements FeedEngine {
  private boss: PgBoss | undefined;
  private readonly stopping = new AbortController();

  constructor(
    private readonly context: RunContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  async start(): Promise<void> {
    const pool = this.context.database.pool!;
    const boss = new PgBoss({
      db: { executeSql: async (text, values) => pool.query(text, values) },
      schema: jobsSchema(this.context.database.schema),
      cronMonitorIntervalSeconds: 10,
    });
    // pg-boss polls the database on timers; while the database is gone that fails, as every request does,
    // and is a warning like theirs (errors.ts), not an error of ours.
    boss.on('error', (error) => {
      const level = isDatabaseUnavailable(error) ? 'warn' : 'error';
      this.log[level]({ err: error }, 'feed scheduler (pg-boss) error');
    });
    try {
      await boss.start();
      this.boss = boss;
      await this.prepareQueues(boss);
      await boss.work(TICK_QUEUE, () => this.tick());
      for (let worker = 0; worker < WORKERS; worker++) {
        await boss.work<{ runId: string }>(RUN_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
          if (job) await this.execute(job.data.runId);
        });
      }
    } catch (error) {
      // Half started (the database went away): stop what did start, so a later start begins afresh.
      this.boss = undefined;
      await boss.stop({ graceful: false, wait: true }).catch(() => {});
      throw error;
    }
  }

  /**
   * Creates the queues and the schedule once. Instances that start together would deadlock creating the same
   * queue tables, so they take turns under an advisory lock.
   */
  private async prepareQueues(boss: PgBoss): Promise<void> {
    const client = await this.context.database.pool!.connect();
    const lock = `${jobsSchema(this.context.database.schema)}:feeds`;
    try {
      await client.query('select pg_advisory_lock(hashtext($1))', [lock]);
      if (!(await boss.getQueue(TICK_QUEUE)))
        await boss.createQueue(TICK_QUEUE, { name: TICK_QUEUE, policy: 'short' });
      if (!(await boss.getQueue(RUN_QUEUE)))
        await boss.createQueue(RUN_QUEUE, { name: RUN_QUEUE, policy: 'standard' });
      await boss.schedule(TICK_QUEUE, '* * * * *');
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [lock]).catch(() => {});
      client.release();
    }
  }

  async enqueue(runId: string, delayMs = 0): Promise<void> {
    if (!this.boss || this.stopping.signal.aborted) return;
    await this.boss.send(RUN_QUEUE, { runId }, { startAfter: Math.ceil(delayMs / 1000), retryLimit: 0 });
  }

  async tick(): Promise<void> {
    try {
      for (const runId of await runsToQueue(this.context.database)) await this.enqueue(runId);
    } catch (error) {
      this.log.error({ err: error }, 'feed scheduling failed');
    }
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
    this.boss = undefined;
  }

  private async execute(runId: string): Promise<void> {
    await executeRun(this.context, runId, {
      signal: this.stopping.signal,
      retry: (id, delayMs) => this.enqueue(id, delayMs),
    }).catch((error: unknown) => this.log.error({ err: error, runId }, 'feed run failed'));
  }
}
