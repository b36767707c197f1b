import { normaliseCardName } from '#shared/card-names.ts';
import { type Card, findCardByName } from '#shared/catalogue.ts';
import { type Period, periodStart, SALE_SOURCES, SALE_TYPES } from '#shared/sales-constants.ts';
import { centsToDollars, EMPTY_STATS } from '#shared/sales-stats.ts';
import type { AnalysisQuery, AnalysisResponse, Sale } from '#shared/schemas/sales.ts';
import type { AppContext } from '../../context.ts';
import { toBoolean } from '../../db/schema.ts';
import { mediaUrl } from '../../media/media-store.ts';
import { type CardSales, salesSince } from '../../sales/columns/card-sales.ts';
import * as repo from './analysis.repository.ts';
import type { AnalysisCache, AnalysisCaches, CachedSummary } from './analysis-cache.ts';
import { csvFilename, salesCsv } from './analysis-csv.ts';
import { type AnalysisSummary, summariseSales } from './analysis-summary.ts';

export type AnalysisContext = Pick<AppContext, 'database' | 'analysisCaches'>;

export interface ServiceLogger {
  error(details: object, message: string): void;
}

function isSaleType(value: string | null): value is Sale['saleType'] & string {
  return value !== null && (SALE_TYPES as readonly string[]).includes(value);
}

function isSaleSource(value: string | null): value is Sale['source'] & string {
  return value !== null && (SALE_SOURCES as readonly string[]).includes(value);
}

function amount(cents: number | string | null): number | null {
  return cents === null ? null : centsToDollars(Number(cents));
}

function toSale(row: repo.ListedSale, flags: readonly repo.ListedFlag[]): Sale {
  const foreign = row.currency !== 'USD' && row.original_price_cents !== null;
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
    title: row.title,
    listingUrl: row.listing_url,
    certNumber: row.cert_number,
    source: isSaleSource(row.source) ? row.source : null,
    originalPrice: foreign ? { amount: amount(row.original_price_cents)!, currency: row.currency } : null,
    buyerPremium: amount(row.buyer_premium_cents),
    shipping: amount(row.shipping_cents),
    bestOfferAccepted: toBoolean(row.best_offer_accepted),
    flags: flags.map(({ code, reason, status }) => ({ code, reason, status })),
    excluded: toBoolean(row.excluded),
  };
}

/** The page's sales with their flags, read in one more query for the whole page. */
async function pageOfSales(
  context: AnalysisContext,
  scope: repo.SalesScope,
  filter: repo.GradeFilter,
  limit: number,
  offset: number,
): Promise<Sale[]> {
  const rows = await repo.salesPage(context.database, scope, filter, limit, offset);
  const flagged = rows.filter((row) => toBoolean(row.excluded)).map((row) => row.id);
  const flags = await repo.flagsOfSales(context.database, flagged);
  return rows.map((row) =>
    toSale(
      row,
      flags.filter((flag) => flag.sale_id === row.id),
    ),
  );
}

/** docs/product.md §8: no match (or a failed search) shows the name as typed, N/A number and rarity, no sales. */
function emptyAnalysis(query: AnalysisQuery): AnalysisResponse {
  return {
    cardName: normaliseCardName(query.card),
    cardNumber: 'N/A',
    rarity: 'N/A',
    cardId: null,
    setId: query.set,
    imageUrl: null,
    period: query.period,
    includeFlagged: query.includeFlagged,
    stats: { ...EMPTY_STATS, lastSaleDate: null, excludedCount: 0 },
    series: { points: { t: [], p: [], g: [] }, median: { t: [], p: [] }, gradeLines: [], sampled: false },
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

/** Runs `work` once for concurrent callers with the same key. */
function shared<T>(running: AnalysisCaches['running'], key: string, work: () => Promise<T>): Promise<T> {
  const pending = running.get(key);
  if (pending) return pending as Promise<T>;
  const promise = work().finally(() => running.delete(key));
  running.set(key, promise);
  return promise;
}

/**
 * The cached value (when `isFresh` accepts it), or `compute`'s, computed once for concurrent callers. It is
 * kept only if the cache was not cleared meanwhile: a value computed from sales that changed while it was
 * computed must not outlive them.
 */
export function cached<T>(
  caches: AnalysisCaches,
  cache: AnalysisCache<T>,
  name: string,
  key: string,
  compute: () => Promise<T>,
  isFresh: (value: T) => boolean = () => true,
): Promise<T> {
  const hit = cache.get(key);
  if (hit !== undefined && isFresh(hit)) return Promise.resolve(hit);
  const generation = cache.generation;
  return shared(caches.running, `${name}|${generation}|${key}`, async () => {
    const value = await compute();
    if (cache.generation === generation) cache.set(key, value);
    return value;
  });
}

/** Every sale of the card as columns, as of now: read once, then brought up to date change by change. */
export function cardSalesOf(context: AnalysisContext, card: Card): Promise<CardSales> {
  return context.analysisCaches.cards.salesOf(context.database, card);
}

function summaryOf(
  context: AnalysisContext,
  card: Card,
  period: Period,
  filter: repo.GradeFilter,
  includeFlagged: boolean,
  key: string,
  since: string | undefined,
): Promise<CachedSummary> {
  const caches = context.analysisCaches;
  return cached(caches, caches.summaries, 'summary', key, async () => {
    const sales = salesSince(
      await cardSalesOf(context, card),
      since === undefined ? undefined : Date.parse(since),
    );
    const summary: AnalysisSummary = summariseSales(card, period, sales, filter, includeFlagged);
    return { since, jsonHead: JSON.stringify(summary).slice(0, -1) };
  });
}

/**
 * The analysis (statistics, chart, grade options, one page of sales) as JSON bytes. Identical requests
 * within the cache lifetime get the stored bytes, and identical requests arriving together share one
 * computation. A failed search is logged and answered with the empty result, as docs/product.md §8 has it.
 */
export async function analysisJson(
  context: AnalysisContext,
  query: AnalysisQuery,
  log: ServiceLogger,
): Promise<Buffer> {
  const card = findCardByName(query.set, query.card);
  if (!card) return toJson(emptyAnalysis(query));
  const caches = context.analysisCaches;
  const filter: repo.GradeFilter = { grader: query.grader, grade: query.grade };
  const summaryKey = [
    card.cardId,
    query.period,
    filter.grader ?? '',
    filter.grade ?? '',
    query.includeFlagged,
  ].join('|');
  const key = `${summaryKey}|${query.page}|${query.pageSize}`;
  const answer = cached(caches, caches.responses, 'response', key, async () => {
    const summary = caches.summaries.get(summaryKey);
    const since = summary?.since ?? periodStart(query.period, Date.now());
    const scope: repo.SalesScope = { setId: card.setId, cardName: card.searchName, since };
    const offset = (query.page - 1) * query.pageSize;
    const [{ jsonHead }, page] = await Promise.all([
      summary ?? summaryOf(context, card, query.period, filter, query.includeFlagged, summaryKey, since),
      pageOfSales(context, scope, filter, query.pageSize, offset),
    ]);
    return Buffer.from(
      `${jsonHead},"sales":${JSON.stringify(page)},"page":${query.page},"pageSize":${query.pageSize}}`,
    );
  });
  return answer.catch((error: unknown) => {
    log.error({ err: error }, 'sales analysis failed; answering with the empty result');
    return toJson(emptyAnalysis(query));
  });
}

/** Every sale of the filtered period as CSV, newest first, with a file name that describes it. */
export async function exportCsv(
  context: Pick<AppContext, 'database'>,
  query: AnalysisQuery,
): Promise<{ filename: string; csv: string }> {
  const card = findCardByName(query.set, query.card);
  const sales = card
    ? await repo.exportSales(
        context.database,
        { setId: card.setId, cardName: card.searchName, since: periodStart(query.period, Date.now()) },
        { grader: query.grader, grade: query.grade },
      )
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
