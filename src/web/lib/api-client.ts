import { type ErrorCode, isErrorBody, MESSAGES } from '#shared/errors.ts';

/** A failed API call as the UI sees it: the contract's code and a message fit to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Gives up after this long with the generic message (the sign-in requests' 30 or 60 seconds). */
  timeoutMs?: number;
}

/** The one fetch wrapper: JSON in and out, and every failure becomes an ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal, timeoutMs } = options;
  const isForm = body instanceof FormData;
  const timeout = timeoutMs === undefined ? undefined : new AbortController();
  let timedOut = false;
  const timer = timeout
    ? setTimeout(() => {
        timedOut = true;
        timeout.abort();
      }, timeoutMs)
    : undefined;
  const signals = [signal, timeout?.signal].filter((one): one is AbortSignal => one !== undefined);
  let response: Response;
  let text: string;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      credentials: 'same-origin',
      headers: body !== undefined && !isForm ? { 'content-type': 'application/json' } : undefined,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
    });
    text = await response.text();
  } catch (error) {
    if (timedOut) throw new ApiError(0, 'service-unavailable', MESSAGES.generic);
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(
      0,
      'service-unavailable',
      'Holoscope could not be reached. Check your connection and try again.',
    );
  } finally {
    clearTimeout(timer);
  }
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    if (isErrorBody(data)) {
      throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields);
    }
    throw new ApiError(response.status, response.status >= 500 ? 'internal' : 'validation', MESSAGES.generic);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
