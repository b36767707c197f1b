import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A small local server answering as eBay's OAuth token endpoint and Marketplace Insights `item_sales/search`
 * do (developer.ebay.com: Buy APIs, Marketplace Insights v1_beta), so tests never call eBay. Sales are set per
 * query text; failures can be lined up for the next requests.
 */
export const EBAY_CLIENT = { clientId: 'HoloScop-feeds-PRD-0123456789', clientSecret: 'PRD-stand-in-secret' };

const SEARCH_PATH = '/buy/marketplace_insights/v1_beta/item_sales/search';
const TOKEN_PATH = '/identity/v1/oauth2/token';

export interface StandInSale {
  itemId: string;
  title: string;
  price: string;
  currency?: string;
  soldAt: string;
  seller?: string;
  feedbackPercentage?: string;
  buyingOptions?: string[];
  /** Serve a listing photo for it. */
  withImage?: boolean;
  /** Serve a listing photo for it that never ends: bytes without a length, for as long as they are read. */
  endlessImage?: boolean;
}

/** What the next search request gets instead of its page; `200` lets one through as usual. */
export type Failure = { status: 429; retryAfter: string } | { status: 200 | 401 | 403 | 500 | 503 };

export interface EbayStandIn {
  /** Configure as EBAY_API_BASE_URL. */
  url: string;
  /** Search requests received, with their query parameters and headers. */
  searches: { params: URLSearchParams; marketplace: string | undefined }[];
  tokenRequests: number;
  imageRequests: number;
  /** Bytes of never-ending photos written so far (endlessImage). */
  endlessImageBytes: number;
  setSales(query: string, sales: StandInSale[]): void;
  failNext(...failures: Failure[]): void;
  /** Every token handed out so far stops working, as one does when it expires. */
  expireTokens(): void;
  /**
   * Holds the answers to searches for this query text, or to the photo of this item id, until `release` is
   * called (a run that is "going").
   */
  hold(queryOrItemId: string): { release(): void };
  reset(): void;
  close(): Promise<void>;
}

function ebayError(errorId: number, message: string, longMessage = message) {
  return {
    errors: [{ errorId, domain: 'API_MARKETPLACE_INSIGHTS', category: 'REQUEST', message, longMessage }],
  };
}

export async function startEbayStandIn(): Promise<EbayStandIn> {
  const photo = await sharp({ create: { width: 80, height: 120, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
  const salesByQuery = new Map<string, StandInSale[]>();
  const endlessImages = new Set<string>();
  let failures: Failure[] = [];
  const validTokens = new Set<string>();
  let tokenCount = 0;
  let held: { key: string; until: Promise<void> } | undefined;
  let origin = '';
  const standIn: Omit<EbayStandIn, 'url' | 'close'> = {
    searches: [],
    tokenRequests: 0,
    imageRequests: 0,
    endlessImageBytes: 0,
    setSales: (query, sales) => {
      salesByQuery.set(query, sales);
      for (const sale of sales) if (sale.endlessImage) endlessImages.add(`/images/${sale.itemId}.png`);
    },
    failNext: (...next) => failures.push(...next),
    expireTokens: () => validTokens.clear(),
    hold(key) {
      let release = () => {};
      const until = new Promise<void>((resolve) => {
        release = () => {
          held = undefined;
          resolve();
        };
      });
      held = { key, until };
      return { release };
    },
    reset() {
      salesByQuery.clear();
      endlessImages.clear();
      failures = [];
      standIn.searches.length = 0;
      standIn.tokenRequests = 0;
      standIn.imageRequests = 0;
      standIn.endlessImageBytes = 0;
    },
  };

  /** The photo's bytes, then filler, as fast as the reader takes them, until it goes away. */
  const writeWithoutEnd = async (response: http.ServerResponse, start: Buffer) => {
    const filler = Buffer.alloc(64 * 1024, 0x5a);
    const closed = once(response, 'close');
    let chunk = start;
    while (!response.destroyed) {
      standIn.endlessImageBytes += chunk.byteLength;
      if (!response.write(chunk)) await Promise.race([once(response, 'drain'), closed]);
      chunk = filler;
    }
  };

  const json = (response: http.ServerResponse, status: number, body: unknown, headers = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

  const itemSale = (sale: StandInSale) => ({
    itemId: `v1|${sale.itemId}|0`,
    title: sale.title,
    itemWebUrl: `https://www.ebay.com/itm/${sale.itemId}`,
    ...(sale.withImage || sale.endlessImage
      ? { image: { imageUrl: `${origin}/images/${sale.itemId}.png` } }
      : {}),
    lastSoldDate: sale.soldAt,
    lastSoldPrice: { value: sale.price, currency: sale.currency ?? 'USD' },
    seller: {
      username: sale.seller ?? 'vintage_slabs',
      feedbackPercentage: sale.feedbackPercentage ?? '99.6',
      feedbackScore: 4210,
    },
    buyingOptions: sale.buyingOptions ?? ['AUCTION'],
    totalSoldQuantity: 1,
    categories: [{ categoryId: '183454', categoryName: 'CCG Individual Cards' }],
  });

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname.startsWith('/images/')) {
      standIn.imageRequests += 1;
      if (held && url.pathname === `/images/${held.key}.png`) await held.until;
      response.writeHead(200, { 'content-type': 'image/png' });
      if (endlessImages.has(url.pathname)) return writeWithoutEnd(response, photo);
      return response.end(photo);
    }
    if (url.pathname === TOKEN_PATH && request.method === 'POST') {
      standIn.tokenRequests += 1;
      const expected = `Basic ${Buffer.from(`${EBAY_CLIENT.clientId}:${EBAY_CLIENT.clientSecret}`).toString('base64')}`;
      let body = '';
      for await (const chunk of request) body += chunk;
      const form = new URLSearchParams(body);
      if (request.headers.authorization !== expected) {
        return json(response, 401, {
          error: 'invalid_client',
          error_description: 'client authentication failed',
        });
      }
      if (form.get('grant_type') !== 'client_credentials') {
        return json(response, 400, {
          error: 'unsupported_grant_type',
          error_description: 'grant type in request is not supported',
        });
      }
      tokenCount += 1;
      const token = `v^1.1#i^1#stand-in-token-${tokenCount}`;
      validTokens.add(token);
      return json(response, 200, {
        access_token: token,
        expires_in: 7200,
        token_type: 'Application Access Token',
      });
    }
    if (url.pathname !== SEARCH_PATH) return json(response, 404, ebayError(2002, 'Resource not found'));

    standIn.searches.push({
      params: url.searchParams,
      marketplace: request.headers['x-ebay-c-marketplace-id'] as string | undefined,
    });
    if (held && url.searchParams.get('q') === held.key) await held.until;
    const token = request.headers.authorization?.replace(/^Bearer /, '');
    if (!token || !validTokens.has(token)) {
      return json(
        response,
        401,
        ebayError(
          1001,
          'Invalid access token',
          'Invalid access token. Check the value of the Authorization HTTP request header.',
        ),
      );
    }
    const next = failures.shift();
    const failure = next?.status === 200 ? undefined : next;
    if (failure?.status === 429) {
      return json(
        response,
        429,
        ebayError(2001, 'Too many requests', 'The request limit has been reached for the resource.'),
        {
          'retry-after': failure.retryAfter,
        },
      );
    }
    if (failure?.status === 401) return json(response, 401, ebayError(1001, 'Invalid access token'));
    if (failure?.status === 403) {
      return json(
        response,
        403,
        ebayError(1100, 'Access denied', 'Insufficient permissions to fulfill the request.'),
      );
    }
    if (failure)
      return json(
        response,
        failure.status,
        ebayError(
          10001,
          'There was a problem with an eBay internal system or process. Contact eBay developer support for assistance.',
        ),
      );

    const limit = Number(url.searchParams.get('limit') ?? 50);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const all = salesByQuery.get(url.searchParams.get('q') ?? '') ?? [];
    const page = all.slice(offset, offset + limit);
    const nextParams = new URLSearchParams(url.searchParams);
    nextParams.set('offset', String(offset + limit));
    return json(response, 200, {
      href: `https://api.ebay.com${SEARCH_PATH}?${url.searchParams}`,
      total: all.length,
      limit,
      offset,
      ...(offset + limit < all.length ? { next: `https://api.ebay.com${SEARCH_PATH}?${nextParams}` } : {}),
      ...(page.length > 0 ? { itemSales: page.map(itemSale) } : {}),
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(standIn, {
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
