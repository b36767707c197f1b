import { type Card, cardsOf } from '#shared/catalogue.ts';
import type { EbaySettings } from '#shared/schemas/feeds.ts';
import { getSet } from '#shared/sets.ts';
import { EbayClient, type EbayItemSale } from './ebay-client.ts';
import type { FeedAdapterRun, FeedSink } from './feed-adapter.ts';

/** The most sales one page holds (eBay's limit is 200). */
const PAGE_SIZE = 200;
/** eBay serves no offset past 10,000 (error 100021). */
const MAX_OFFSET = 10_000;
/** Sales can be reported a little late: each run looks back a day before the last one started. */
const OVERLAP_MS = 86_400_000;
const DAY_MS = 86_400_000;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 10_000;

/**
 * Sales committed together: their photos are stored before the rows, and a few dozen photos keep the
 * importer's batch of pending images small enough that it never commits on its own between two checkpoints.
 */
const SALES_PER_CHECKPOINT = 25;

interface EbayPosition {
  /** Index of the query under way. */
  query: number;
  /** The page of it under way or to fetch next; null to start the query. */
  next: string | null;
  /** Sales of that page committed already. */
  skip?: number;
}

interface EbayState {
  /** When the last successful run started: the next one asks for sales from a day before. */
  lastRunStartedAt?: string;
}

/** One query per catalogue name of the chosen sets: the holo and non-holo prints of a name share it. */
export function ebayQueries(settings: EbaySettings): string[] {
  const queries = new Set<string>();
  for (const setId of settings.sets) {
    const setWord = getSet(setId).name.split(' ')[0]!.toLowerCase();
    for (const card of cardsOf(setId) as readonly Card[]) queries.add(`${card.name} ${setWord} 1st edition`);
  }
  return [...queries];
}

/** Sales since the last run started (less a day), and never before the look-back window. */
function lastSoldFilter(settings: EbaySettings, state: EbayState, startedAt: string): string {
  const started = Date.parse(startedAt);
  const windowStart = started - settings.lookbackDays * DAY_MS;
  const sinceLast = state.lastRunStartedAt ? Date.parse(state.lastRunStartedAt) - OVERLAP_MS : windowStart;
  const since = new Date(Math.max(windowStart, sinceLast)).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return [`lastSoldDate:[${since}..]`, settings.filter].filter(Boolean).join(',');
}

/** eBay's item ids read `v1|<legacy id>|<variation>`; the legacy id is what a listing address shows. */
function sourceRefOf(itemId: string): string {
  const legacy = /^v1\|(\d+)\|/.exec(itemId)?.[1];
  return `ebay:${legacy ?? itemId}`;
}

function saleTypeOf(options: readonly string[] | undefined): string | undefined {
  if (!options) return undefined;
  if (options.includes('AUCTION')) return 'auction';
  // eBay lists the buying options the listing offered; a Best Offer's accepted price is not revealed.
  if (options.includes('BEST_OFFER')) return 'best_offer';
  if (options.includes('FIXED_PRICE')) return 'buy_it_now';
  return undefined;
}

/** The listing photo as base64, or undefined when it cannot be had (the sale is stored without it). */
async function listingImage(url: string | undefined, signal: AbortSignal): Promise<string | undefined> {
  if (!url || !/^https?:\/\//.test(url)) return undefined;
  try {
    const response = await fetch(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(IMAGE_TIMEOUT_MS)]),
    });
    if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) return undefined;
    const bytes = Buffer.from(await response.arrayBuffer());
    return bytes.byteLength <= MAX_IMAGE_BYTES ? bytes.toString('base64') : undefined;
  } catch {
    signal.throwIfAborted();
    return undefined;
  }
}

/** A sold item as a `flat_sales` record: the title names the card, grader and grade (docs/data.md). */
export function recordOf(item: EbayItemSale): Record<string, unknown> {
  return {
    source_ref: item.itemId ? sourceRefOf(item.itemId) : undefined,
    source: 'ebay',
    title: item.title,
    price: item.lastSoldPrice?.value,
    currency: item.lastSoldPrice?.currency,
    timestamp: item.lastSoldDate,
    seller: item.seller?.username,
    seller_rating: item.seller?.feedbackPercentage,
    listing_url: item.itemWebUrl,
    sale_type: saleTypeOf(item.buyingOptions),
  };
}

async function addSales(sink: FeedSink, items: readonly EbayItemSale[], signal: AbortSignal): Promise<void> {
  const records = items.map((item) => ({ item, record: recordOf(item) }));
  const refs = records.flatMap(({ record }) =>
    typeof record.source_ref === 'string' ? [record.source_ref] : [],
  );
  const stored = await sink.storedAlready(refs);
  for (const { item, record } of records) {
    if (typeof record.source_ref === 'string' && !stored.has(record.source_ref)) {
      const image = await listingImage(item.image?.imageUrl, signal);
      if (image) record.imageData = image;
    }
    await sink.add(record);
  }
}

/**
 * eBay Marketplace Insights (docs/product.md §2 Feeds): one keyword search per catalogue name, in the
 * chosen category, for sales since the last run, page by page along eBay's `next`. Sales are committed a few
 * dozen at a time with their place (query, page, sales of it done), so a resumed run goes on from there.
 */
export const runEbayFeed: FeedAdapterRun<EbaySettings> = async (input, sink) => {
  const { settings, signal } = input;
  const client = new EbayClient(
    {
      baseUrl: input.config.ebayApiBaseUrl,
      clientId: input.secrets.clientId ?? '',
      clientSecret: input.secrets.clientSecret ?? '',
      marketplaceId: settings.marketplaceId,
    },
    signal,
  );
  const queries = ebayQueries(settings);
  const filter = lastSoldFilter(settings, input.state as EbayState, input.startedAt);
  const resume = (input.resumeFrom as EbayPosition | null) ?? { query: 0, next: null };
  const total = queries.length;
  for (let query = resume.query; query < total; query++) {
    const resuming = query === resume.query && resume.next !== null;
    let next: string | null = resuming
      ? resume.next
      : client.searchUrl({ q: queries[query]!, categoryIds: settings.categoryIds, filter, limit: PAGE_SIZE });
    let skip = resuming ? (resume.skip ?? 0) : 0;
    while (next) {
      signal.throwIfAborted();
      const page = await client.salesPage(next);
      const sales = page.itemSales ?? [];
      for (let start = skip; start < sales.length; start += SALES_PER_CHECKPOINT) {
        const end = Math.min(start + SALES_PER_CHECKPOINT, sales.length);
        await addSales(sink, sales.slice(start, end), signal);
        if (end < sales.length) await sink.checkpoint({ query, next, skip: end }, { done: query, total });
      }
      const offset = (page.offset ?? 0) + (page.limit ?? PAGE_SIZE);
      next = page.next && offset < MAX_OFFSET ? page.next : null;
      skip = 0;
      const finished = next === null;
      await sink.checkpoint(finished ? { query: query + 1, next: null } : { query, next }, {
        done: finished ? query + 1 : query,
        total,
      });
    }
  }
  return { state: { lastRunStartedAt: input.startedAt } satisfies EbayState };
};
