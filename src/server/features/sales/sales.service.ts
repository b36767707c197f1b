import { normaliseCardName } from '#shared/card-names.ts';
import { type Card, findCardByName } from '#shared/catalogue.ts';
import { type Period, SALE_TYPES } from '#shared/sales-constants.ts';
import { centsToDollars, EMPTY_STATS } from '#shared/sales-stats.ts';
import type { AnalysisQuery, AnalysisResponse, Sale } from '#shared/schemas/sales.ts';
import { mediaUrl } from '../../media/media-store.ts';
import type { AnalysisCache } from './analysis-cache.ts';
import { csvFilename, salesCsv } from './analysis-csv.ts';
import { type AnalysisSummary, summariseSales } from './analysis-summary.ts';
import type { GradeFilter, ListedSale, SalesRepository, SalesScope } from './sales.repository.ts';

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
    const { responses } = this.caches;
    const cached = responses.get(key);
    if (cached) return cached;
    const generation = responses.generation;
    return this.shared(`response|${generation}|${key}`, async () => {
      try {
        const summary = this.caches.summaries.get(summaryKey);
        const since = summary?.since ?? periodStart(query.period, this.now());
        const scope: SalesScope = { setId: card.setId, cardName: card.searchName, since };
        const offset = (query.page - 1) * query.pageSize;
        const [{ jsonHead }, page] = await Promise.all([
          summary ?? this.summary(card, query.period, filter, summaryKey, scope),
          this.repository.salesPage(scope, filter, query.pageSize, offset),
        ]);
        const json = Buffer.from(
          `${jsonHead},"sales":${JSON.stringify(page.map(toSale))},"page":${query.page},"pageSize":${query.pageSize}}`,
        );
        if (responses.generation === generation) responses.set(key, json);
        return json;
      } catch (error) {
        this.log.error({ err: error }, 'sales analysis failed; answering with the empty result');
        return toJson(emptyAnalysis(query));
      }
    });
  }

  private summary(
    card: Card,
    period: Period,
    filter: GradeFilter,
    key: string,
    scope: SalesScope,
  ): Promise<CachedSummary> {
    const { summaries } = this.caches;
    const generation = summaries.generation;
    return this.shared(`summary|${generation}|${key}`, async () => {
      const summary: AnalysisSummary = summariseSales(
        card,
        period,
        await this.repository.periodSales(scope),
        filter,
      );
      const cached = { since: scope.since, jsonHead: JSON.stringify(summary).slice(0, -1) };
      if (summaries.generation === generation) summaries.set(key, cached);
      return cached;
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
