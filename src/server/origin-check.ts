import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './env.ts';
import { AppError } from './errors.ts';

/** The site's own origin: PUBLIC_ORIGIN, or outside production without it, the origin the request was sent to. */
export function siteOrigin(config: Pick<Config, 'publicOrigin'>, request: FastifyRequest): string {
  return config.publicOrigin ?? `${request.protocol}://${request.host}`;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The addresses a browser on this machine reaches the server by; `localhost` alone is not what everyone types. */
function loopbackOrigins(port: number): Set<string> {
  return new Set(['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`));
}

/** What the refused browser shows: which address it used and which one the site answers at. */
function refusedMessage(origin: string, publicOrigin: string): string {
  return `This page was opened at ${origin}, but this Holoscope site answers at ${publicOrigin}. Open ${publicOrigin} instead, or ask the site's operator to set PUBLIC_ORIGIN to the address you use.`;
}

/**
 * Unsafe requests must come from our own pages: a browser always sends Origin on them, so a foreign Origin
 * is refused even when it carries a valid session cookie. Clients without Origin (scripts, curl) are not
 * browsers and cannot ride a user's cookie. Without PUBLIC_ORIGIN (only outside production) our own pages
 * are the address the browser asked for and the loopback addresses of our port.
 */
export function installOriginCheck(app: FastifyInstance, config: Config): void {
  const { publicOrigin } = config;
  const loopback = loopbackOrigins(config.port);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    if (publicOrigin) {
      if (origin === publicOrigin) return;
      // An operator whose PUBLIC_ORIGIN is not the address people use sees every refusal here.
      request.log.warn({ origin, publicOrigin }, 'refused a request from another origin than PUBLIC_ORIGIN');
      throw new AppError(403, 'forbidden', refusedMessage(origin, publicOrigin));
    }
    if (origin === siteOrigin(config, request) || loopback.has(origin)) return;
    throw new AppError(403, 'forbidden', 'This request must come from the Holoscope site.');
  });
}
