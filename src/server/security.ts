import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

type Directives = Record<string, string[]>;

/** One Content-Security-Policy for the whole product: nothing inline, nothing from elsewhere. */
export function cspDirectives(servedOverHttps: boolean): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(servedOverHttps ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The policy as a header value; a page load's nonce lets the styles our UI library injects through. */
export function cspHeader(directives: Directives, styleNonce?: string): string {
  return Object.entries(directives)
    .map(([name, values]) => {
      const all = name === 'style-src' && styleNonce ? [...values, `'nonce-${styleNonce}'`] : values;
      return [name, ...all].join(' ');
    })
    .join('; ');
}

/**
 * Helmet's security headers on every response (decision 011). Helmet is run once, at start-up, on a
 * response that only records what it sets; every request then gets those headers as Fastify reply headers.
 * Running the middleware for each request set each header through Node's `setHeader`, which checks name
 * and value every time: about a tenth of the app's own work on a cached answer. A route still replaces a
 * header by setting its own (the HTML page's policy with its nonce, media and the card images).
 */
export function installSecurityHeaders(app: FastifyInstance, servedOverHttps: boolean): void {
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(servedOverHttps) },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: servedOverHttps,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets with these options, which depend on nothing of the request. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
