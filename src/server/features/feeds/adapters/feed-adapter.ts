import type { Config } from '../../../env.ts';

/** The run's counts so far, committed. */
export interface RunCounts {
  stored: number;
  duplicates: number;
  refused: number;
}

/** Where an adapter hands its records, and marks how far it got. */
export interface FeedSink {
  /** One `flat_sales` record (or a listing with a title instead of card fields) for the importer. */
  add(record: Record<string, unknown>): Promise<void>;
  /** Something that is not a record (a line that is not JSON); counted and listed with the refused rows. */
  refuse(reason: string): void;
  /**
   * Commits the records added so far together with where the adapter would resume (`position`, JSON) and
   * its progress, in one transaction: a run resumed after a crash starts from the last checkpoint and counts
   * nothing twice.
   */
  checkpoint(position: unknown, progress: { done: number; total: number }): Promise<RunCounts>;
  /** Which of these source references are stored already (so their images need not be fetched). */
  storedAlready(sourceRefs: readonly string[]): Promise<Set<string>>;
  /** A problem that does not stop the run (one file of several could not be read); the run lists it. */
  recordError(message: string): Promise<void>;
}

export interface FeedRunInput<Settings> {
  runId: string;
  settings: Settings;
  secrets: Record<string, string>;
  /** What the adapter kept after its last successful run. */
  state: Record<string, unknown>;
  /** Where an earlier attempt of this run got to, or null. */
  resumeFrom: unknown;
  /** When this run first started (ISO 8601). */
  startedAt: string;
  config: Config;
  /** Aborted when the server stops: end between two pieces of work, throwing. */
  signal: AbortSignal;
}

/** What a successful run leaves for the next one (an ETag, the time it started). */
export interface FeedRunResult {
  state: Record<string, unknown>;
}

export type FeedAdapterRun<Settings> = (
  input: FeedRunInput<Settings>,
  sink: FeedSink,
) => Promise<FeedRunResult>;

/**
 * A failure of the source, told as a person would understand it. `retry: false` when trying again cannot
 * help (credentials refused, no such file), so the run fails at once instead of after every retry.
 */
export class FeedError extends Error {
  constructor(
    message: string,
    readonly retry = true,
  ) {
    super(message);
  }
}
