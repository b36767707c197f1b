import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { FeedEngine } from '../../context.ts';
import { executeRun, type RunContext } from './feed-runner.ts';
import { runsToQueue } from './feed-tick.ts';
import * as repository from './feeds.repository.ts';

/**
 * On SQLite there is one server process, so scheduling is in-process: croner ticks every minute, runs execute
 * here, and retries wait on a timer. A run the process was working on when it died is taken up again at start.
 */
export class LocalFeedEngine implements FeedEngine {
  private cron: Cron | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private started = false;

  constructor(
    private readonly context: RunContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  async start(): Promise<void> {
    this.started = true;
    // Whatever was under way belonged to this server before it stopped: take it up again now.
    for (const run of await repository.unfinishedRuns(this.context.database.db)) {
      await repository.releaseRun(this.context.database.db, run.id);
      const wait =
        run.status === 'retrying' && run.next_attempt_at ? Date.parse(run.next_attempt_at) - Date.now() : 0;
      await this.enqueue(run.id, Math.max(0, wait));
    }
    this.cron = new Cron('* * * * *', { timezone: 'UTC', protect: true }, () => this.tick());
  }

  async enqueue(runId: string, delayMs = 0): Promise<void> {
    if (!this.started || this.stopping.signal.aborted) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.execute(runId);
    }, delayMs);
    this.timers.add(timer);
  }

  async tick(): Promise<void> {
    try {
      for (const runId of await runsToQueue(this.context.database)) await this.enqueue(runId);
    } catch (error) {
      this.log.error({ err: error }, 'feed scheduling failed');
    }
  }

  async stop(): Promise<void> {
    this.cron?.stop();
    this.stopping.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled(this.running);
  }

  private execute(runId: string): void {
    const work = executeRun(this.context, runId, {
      signal: this.stopping.signal,
      retry: (id, delayMs) => this.enqueue(id, delayMs),
    })
      .catch((error: unknown) => this.log.error({ err: error, runId }, 'feed run failed'))
      .finally(() => this.running.delete(work));
    this.running.add(work);
  }
}
