import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './env.ts';
import { AppError } from './errors.ts';

/** The site's own origin: PUBLIC_ORIGIN, or outside production without it, the origin the request was sent to. */
export function siteOrigin(config: Pick<Config, 'publicOrigin'>, request: FastifyRequest): string {
  return config.publicOrigin ?? `${request.protocol}://${request.host}`;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Unsafe requests must come from our own pages: a browser always sends Origin on them, so a foreign Origin
 * is refused even when it carries a valid session cookie. Clients without Origin (scripts, curl) are not
 * browsers and cannot ride a user's cookie.
 */
export function installOriginCheck(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    if (origin !== siteOrigin(config, request)) {
      throw new AppError(403, 'forbidden', 'This request must come from the Holoscope site.');
    }
  });
}
