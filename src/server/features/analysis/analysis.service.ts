import { normaliseCardName } from '#shared/card-names.ts';
import { type Card, findCardByName } from '#shared/catalogue.ts';
import { type Period, SALE_TYPES } from '#shared/sales-constants.ts';
import { centsToDollars, EMPTY_STATS } from '#shared/sales-stats.ts';
import type { AnalysisQuery, AnalysisResponse, Sale } from '#shared/schemas/sales.ts';
import { mediaUrl } from '../../media/media-store.ts';
import type { SalesEvents } from '../../sales/sales-events.ts';
import type { GradeFilter, ListedSale, SalesRepository, SalesScope } from './analysis.repository.ts';
import { type AnalysisCache, MemoryAnalysisCache } from './analysis-cache.ts';
import { csvFilename, salesCsv } from './analysis-csv.ts';
import { type AnalysisSummary, summariseSales } from './analysis-summary.ts';
import { type CardSales, cardSalesBytes, salesSince } from './card-sales.ts';

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<Period, number | undefined> = { all: undefined, '30d': 30, '90d': 90 };

/** The earliest sale instant a period includes, or undefined for all time. */
export function periodStart(period: Period, now: number): string | undefined {
  const days = PERIOD_DAYS[period];
  return days === undefined ? undefined : new Date(now - days * DAY_MS).toISOString();
}

function isSaleType(value: string | null): value is Sale['saleType'] & string {
  return value !== null && (SALE_TYPES as readonly string[]).includes(value);
}

function toSale(row: ListedSale): Sale {
  return {
    saleId: row.id,
    date: row.sold_at,
    price: centsToDollars(row.price_cents),
    seller: row.seller,
    sellerRating: row.seller_rating,
    imageUrl: mediaUrl(row.image),
    grader: row.grading_company,
    grade: row.grade,
    saleType: isSaleType(row.sale_type) ? row.sale_type : null,
  };
}

/** SPEC.md §8: no match (or a failed search) shows the name as typed, N/A number and rarity, no sales. */
export function emptyAnalysis(query: AnalysisQuery): AnalysisResponse {
  return {
    cardName: normaliseCardName(query.card),
    cardNumber: 'N/A',
    rarity: 'N/A',
    cardId: null,
    setId: query.set,
    imageUrl: null,
    period: query.period,
    stats: { ...EMPTY_STATS },
    series: { points: { t: [], p: [] }, median: { t: [], p: [] }, sampled: false },
    gradeOptions: [],
    sales: [],
    total: 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function toJson(analysis: AnalysisResponse): Buffer {
  return Buffer.from(JSON.stringify(analysis));
}

export interface ServiceLogger {
  error(details: object, message: string): void;
}

/** A summary as the JSON text of its object without the closing brace, ready for the page to be added. */
export interface CachedSummary {
  /** The period start it was computed with, so its pages use the same one. */
  since: string | undefined;
  jsonHead: string;
}

export interface AnalysisCaches {
  /** Whole answers, by card, period, filter and page. */
  responses: AnalysisCache<Buffer>;
  /** Summaries, by card, period and filter: paging through a card does not recompute its statistics. */
  summaries: AnalysisCache<CachedSummary>;
  /**
   * Every sale of a card as columns, by card: another period, filter or page of the card is computed
   * without reading its sales again.
   */
  cards: AnalysisCache<CardSales>;
}

/** A card with 50,000 sales takes about 900 KB of columns; this keeps the few hundred busiest cards. */
const CARD_SALES_MAX_BYTES = 128 * 1024 * 1024;

/** The analysis caches, all dropped together whenever sales change (on any instance). */
export function createAnalysisCaches(events: SalesEvents): AnalysisCaches {
  const caches: AnalysisCaches = {
    responses: new MemoryAnalysisCache<Buffer>({ sizeOf: (json) => json.byteLength }),
    summaries: new MemoryAnalysisCache<CachedSummary>({ sizeOf: (summary) => summary.jsonHead.length }),
    cards: new MemoryAnalysisCache<CardSales>({ sizeOf: cardSalesBytes, maxBytes: CARD_SALES_MAX_BYTES }),
  };
  events.onChange(() => {
    caches.responses.clear();
    caches.summaries.clear();
    caches.cards.clear();
  });
  return caches;
}

/** The sales analysis (statistics, chart, grade options, one page of sales) and its CSV export. */
export class SalesService {
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(
    private readonly repository: SalesRepository,
    private readonly caches: AnalysisCaches,
    private readonly log: ServiceLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The analysis as JSON bytes. Identical requests within the cache lifetime get the stored bytes, and
   * identical requests arriving together share one computation. A failed search is logged and answered
   * with the empty result, as SPEC.md §8 has it.
   */
  async analysisJson(query: AnalysisQuery): Promise<Buffer> {
    const card = findCardByName(query.set, query.card);
    if (!card) return toJson(emptyAnalysis(query));
    const filter: GradeFilter = { grader: query.grader, grade: query.grade };
    const summaryKey = [card.cardId, query.period, filter.grader ?? '', filter.grade ?? ''].join('|');
    const key = `${summaryKey}|${query.page}|${query.pageSize}`;
    const answer = this.cached(this.caches.responses, 'response', key, async () => {
      const summary = this.caches.summaries.get(summaryKey);
      const since = summary?.since ?? periodStart(query.period, this.now());
      const scope: SalesScope = { setId: card.setId, cardName: card.searchName, since };
      const offset = (query.page - 1) * query.pageSize;
      const [{ jsonHead }, page] = await Promise.all([
        summary ?? this.summary(card, query.period, filter, summaryKey, since),
        this.repository.salesPage(scope, filter, query.pageSize, offset),
      ]);
      return Buffer.from(
        `${jsonHead},"sales":${JSON.stringify(page.map(toSale))},"page":${query.page},"pageSize":${query.pageSize}}`,
      );
    });
    return answer.catch((error: unknown) => {
      this.log.error({ err: error }, 'sales analysis failed; answering with the empty result');
      return toJson(emptyAnalysis(query));
    });
  }

  private summary(
    card: Card,
    period: Period,
    filter: GradeFilter,
    key: string,
    since: string | undefined,
  ): Promise<CachedSummary> {
    return this.cached(this.caches.summaries, 'summary', key, async () => {
      const sales = salesSince(
        await this.cardSales(card),
        since === undefined ? undefined : Date.parse(since),
      );
      const summary: AnalysisSummary = summariseSales(card, period, sales, filter);
      return { since, jsonHead: JSON.stringify(summary).slice(0, -1) };
    });
  }

  private cardSales(card: Card): Promise<CardSales> {
    return this.cached(this.caches.cards, 'cards', card.cardId, () =>
      this.repository.cardSales(card.setId, card.searchName),
    );
  }

  /**
   * The cached value, or `compute`'s, computed once for concurrent callers. It is kept only if the cache was
   * not cleared meanwhile: a value computed from sales that changed while it was computed must not outlive
   * them.
   */
  private cached<T>(
    cache: AnalysisCache<T>,
    name: string,
    key: string,
    compute: () => Promise<T>,
  ): Promise<T> {
    const hit = cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const generation = cache.generation;
    return this.shared(`${name}|${generation}|${key}`, async () => {
      const value = await compute();
      if (cache.generation === generation) cache.set(key, value);
      return value;
    });
  }

  /** Runs `work` once for concurrent callers with the same key. */
  private shared<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.pending.get(key);
    if (running) return running as Promise<T>;
    const promise = work().finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  /** Every sale of the filtered period as CSV, newest first, with a file name that describes it. */
  async exportCsv(query: AnalysisQuery): Promise<{ filename: string; csv: string }> {
    const card = findCardByName(query.set, query.card);
    const sales = card
      ? await this.repository.exportSales(this.scopeOf(card, query.period), {
          grader: query.grader,
          grade: query.grade,
        })
      : [];
    const filename = csvFilename({
      cardName: card?.searchName ?? normaliseCardName(query.card),
      setId: query.set,
      period: query.period,
      grader: query.grader,
      grade: query.grade,
    });
    return { filename, csv: salesCsv(sales) };
  }

  private scopeOf(card: Card, period: Period): SalesScope {
    return { setId: card.setId, cardName: card.searchName, since: periodStart(period, this.now()) };
  }
}
