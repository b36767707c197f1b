import { FeedError } from './feed-adapter.ts';

/** eBay's Marketplace Insights API, as documented: OAuth client credentials, then item_sales/search. */
const TOKEN_PATH = '/identity/v1/oauth2/token';
const SEARCH_PATH = '/buy/marketplace_insights/v1_beta/item_sales/search';
const INSIGHTS_SCOPE = 'https://api.ebay.com/oauth/api_scope/buy.marketplace.insights';
const REQUEST_TIMEOUT_MS = 30_000;
/** Server errors and broken connections are tried this many times more, waiting 0.5, 1, 2 seconds. */
const SERVER_RETRIES = 3;
const SERVER_RETRY_BASE_MS = 500;
/** A Retry-After up to this long is waited out within the run; a longer one ends the attempt for a later retry. */
const MAX_WAIT_SECONDS = 120;

export interface EbayItemSale {
  itemId?: string;
  title?: string;
  itemWebUrl?: string;
  image?: { imageUrl?: string };
  lastSoldDate?: string;
  lastSoldPrice?: { value?: string; currency?: string };
  seller?: { username?: string; feedbackPercentage?: string; feedbackScore?: number };
  buyingOptions?: string[];
  totalSoldQuantity?: number;
}

export interface EbaySalesPage {
  itemSales?: EbayItemSale[];
  next?: string;
  offset?: number;
  limit?: number;
  total?: number;
}

interface EbayCredentials {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  marketplaceId: string;
}

type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** eBay's error body: `{ errors: [{ errorId, message, longMessage }] }`, or OAuth's `{ error_description }`. */
async function ebayMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as
    | { errors?: { message?: string; longMessage?: string }[]; error_description?: string }
    | undefined;
  const first = body?.errors?.[0];
  return first?.longMessage ?? first?.message ?? body?.error_description ?? `HTTP ${response.status}`;
}

function retryAfterSeconds(response: Response): number {
  const header = response.headers.get('retry-after');
  if (!header) return 60;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, (at - Date.now()) / 1000) : 60;
}

/**
 * One run's client: it fetches an application token once and again when eBay says it expired (401, once per
 * request), waits out a 429's Retry-After, and tries a 5xx or a broken connection again with a growing wait.
 */
export class EbayClient {
  private token: string | undefined;

  constructor(
    private readonly credentials: EbayCredentials,
    private readonly signal: AbortSignal,
    private readonly wait: Sleep = sleep,
  ) {}

  /** The address of the first page of sales for a query. */
  searchUrl(query: { q: string; categoryIds: string; filter: string; limit: number }): string {
    const params = new URLSearchParams({
      q: query.q,
      category_ids: query.categoryIds,
      filter: query.filter,
      limit: String(query.limit),
    });
    return `${this.credentials.baseUrl}${SEARCH_PATH}?${params}`;
  }

  /**
   * A page of sales. eBay's `next` is a full address; only its query is taken, on our own base URL, so the
   * token never goes to a host the operator did not configure.
   */
  async salesPage(url: string): Promise<EbaySalesPage> {
    const { search } = new URL(url);
    const response = await this.send(`${this.credentials.baseUrl}${SEARCH_PATH}${search}`, true);
    return (await response.json()) as EbaySalesPage;
  }

  private async send(url: string, mayRefresh: boolean): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      this.token ??= await this.fetchToken();
      const response = await this.request(url, {
        headers: {
          authorization: `Bearer ${this.token}`,
          'x-ebay-c-marketplace-id': this.credentials.marketplaceId,
          accept: 'application/json',
        },
      });
      if (response?.ok) return response;
      if (response?.status === 401 && mayRefresh) {
        this.token = undefined;
        return this.send(url, false);
      }
      if (response?.status === 429) {
        const seconds = retryAfterSeconds(response);
        if (seconds > MAX_WAIT_SECONDS) {
          throw new FeedError(
            `eBay's rate limit is reached; it asks to wait ${Math.round(seconds)} seconds.`,
          );
        }
        await this.wait(seconds * 1000, this.signal);
        continue;
      }
      if (response === undefined || response.status >= 500) {
        if (attempt < SERVER_RETRIES) {
          await this.wait(SERVER_RETRY_BASE_MS * 2 ** attempt, this.signal);
          continue;
        }
        throw new FeedError(
          response
            ? `eBay answered HTTP ${response.status}: ${await ebayMessage(response)}`
            : 'eBay could not be reached.',
        );
      }
      if (response.status === 401)
        throw new FeedError(`eBay refused the access token: ${await ebayMessage(response)}`, false);
      if (response.status === 403) {
        throw new FeedError(
          `eBay refused access to Marketplace Insights (HTTP 403): ${await ebayMessage(response)}. The API is for approved partners.`,
          false,
        );
      }
      throw new FeedError(
        `eBay refused the search (HTTP ${response.status}): ${await ebayMessage(response)}`,
        false,
      );
    }
  }

  /** The response, or undefined when the connection broke (which is tried again like a 5xx). */
  private async request(url: string, init: RequestInit): Promise<Response | undefined> {
    try {
      return await fetch(url, {
        ...init,
        signal: AbortSignal.any([this.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
    } catch {
      this.signal.throwIfAborted();
      return undefined;
    }
  }

  private async fetchToken(): Promise<string> {
    const { baseUrl, clientId, clientSecret } = this.credentials;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    for (let attempt = 0; ; attempt++) {
      const response = await this.request(`${baseUrl}${TOKEN_PATH}`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: INSIGHTS_SCOPE }).toString(),
      });
      if (response?.ok) {
        const { access_token } = (await response.json()) as { access_token?: string };
        if (access_token) return access_token;
        throw new FeedError('eBay answered the token request without a token.');
      }
      if ((response === undefined || response.status >= 500) && attempt < SERVER_RETRIES) {
        await this.wait(SERVER_RETRY_BASE_MS * 2 ** attempt, this.signal);
        continue;
      }
      if (response === undefined) throw new FeedError('eBay could not be reached for an access token.');
      if (response.status === 400 || response.status === 401) {
        throw new FeedError(`eBay refused the client id and secret: ${await ebayMessage(response)}`, false);
      }
      throw new FeedError(
        `eBay's token request failed (HTTP ${response.status}): ${await ebayMessage(response)}`,
      );
    }
  }
}
