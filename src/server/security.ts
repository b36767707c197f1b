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
 * Helmet's security headers on every response. The middleware is built once: @fastify/helmet builds it
 * again for every request, which parsing the policy each time made a tenth of the cost of a cached answer.
 */
export function installSecurityHeaders(app: FastifyInstance, servedOverHttps: boolean): void {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(servedOverHttps) },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: servedOverHttps,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}
