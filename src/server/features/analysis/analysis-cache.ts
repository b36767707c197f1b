import { MemoryCardCache } from '../../memory-card-cache.ts';
import type { ChangedCards, SalesEvents } from '../../sales/changes/sales-events.ts';
import type { CardSalesStore } from '../../sales/columns/card-sales-store.ts';
import { type CohortValue, cohortValueBytes } from './cohort-value.ts';

/** docs/product.md §9: analysis answers are cached for 5 minutes. */
const ANALYSIS_CACHE_TTL_MS = 5 * 60_000;
const ANALYSIS_CACHE_MAX_ENTRIES = 1000;
/** A card with thousands of sales answers with about 100 KB, so entries alone would not bound memory. */
const ANALYSIS_CACHE_MAX_BYTES = 64 * 1024 * 1024;
const ANSWERS = {
  ttlMs: ANALYSIS_CACHE_TTL_MS,
  maxEntries: ANALYSIS_CACHE_MAX_ENTRIES,
  maxBytes: ANALYSIS_CACHE_MAX_BYTES,
};

/**
 * Analysis answers (or parts of them) by request key. A key is the card's catalogue id, alone or followed by
 * `|` and the rest, so the entries of the cards whose sales changed can be dropped and the others kept.
 * Behind an interface so that a multi-instance deployment can swap in one that is also dropped when
 * another instance announces a sales change.
 */
export interface AnalysisCache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  clear(): void;
  /** Drops the entries of these cards. */
  dropCards(cardIds: readonly string[]): void;
  /**
   * Changes on every clear or drop. A computation that began before one must not store its answer
   * afterwards, or a result from before a change would outlive it.
   */
  readonly generation: number;
}

/** A summary as the JSON text of its object without the closing brace, ready for the page to be added. */
export interface CachedSummary {
  /** The period start it was computed with, so its pages use the same one. */
  since: string | undefined;
  jsonHead: string;
}

export interface AnalysisCaches {
  /** Whole answers, by card, period, filter and page; and the card's grade ladders and estimates. */
  responses: AnalysisCache<Buffer>;
  /** Summaries, by card, period and filter: paging through a card does not recompute its statistics. */
  summaries: AnalysisCache<CachedSummary>;
  /**
   * Every sale of a card as columns, by card, kept up to date from the sales change log: another period,
   * filter or page of the card, or the first request after a change, is computed without reading all its
   * sales again.
   */
  cards: CardSalesStore;
  /**
   * A slab's estimate now and at the end of each of the last weeks, by card, grader and grade: what
   * collections are valued with. Kept until its card's sales change (or an hour), since it is used by every
   * collection holding such a slab.
   */
  cohortValues: AnalysisCache<CohortValue>;
  /** Computations under way, so identical requests arriving together share one. */
  running: Map<string, Promise<unknown>>;
}

declare module '../../context.ts' {
  interface AppContext {
    /** Cached analyses, dropped whenever sales change. */
    analysisCaches: AnalysisCaches;
  }
}

/** Every cohort of the catalogue (some 230 cards by a few dozen graders and grades) fits. */
const COHORT_VALUES_MAX_ENTRIES = 20_000;
const COHORT_VALUES_TTL_MS = 60 * 60_000;

/**
 * The analysis caches, dropped whenever sales change (on any instance): the changed cards' entries when the
 * change names them, everything otherwise. The cards' columns stay: they catch up from the change log.
 */
export function createAnalysisCaches(events: SalesEvents, cards: CardSalesStore): AnalysisCaches {
  const caches: AnalysisCaches = {
    responses: new MemoryCardCache<Buffer>({ sizeOf: (json) => json.byteLength, ...ANSWERS }),
    summaries: new MemoryCardCache<CachedSummary>({
      sizeOf: (summary) => summary.jsonHead.length,
      ...ANSWERS,
    }),
    cards,
    cohortValues: new MemoryCardCache<CohortValue>({
      sizeOf: cohortValueBytes,
      maxEntries: COHORT_VALUES_MAX_ENTRIES,
      maxBytes: ANALYSIS_CACHE_MAX_BYTES,
      ttlMs: COHORT_VALUES_TTL_MS,
    }),
    running: new Map(),
  };
  events.onChange((cards: ChangedCards) => {
    caches.cards.salesChanged();
    for (const cache of [caches.responses, caches.summaries, caches.cohortValues]) {
      if (cards === undefined) cache.clear();
      else cache.dropCards(cards);
    }
  });
  return caches;
}
