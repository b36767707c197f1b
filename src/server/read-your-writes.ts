import type { FastifyInstance } from 'fastify';
import { READ_YOUR_WRITES_MS, type ReadRouting } from './db/read-routing.ts';

/** When the client last wrote (milliseconds since the epoch), for as long as its reads need the primary. */
export const WROTE_COOKIE = 'holoscope_wrote';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Either way round, so a few milliseconds between two instances' clocks do not matter. */
function wroteRecently(value: string | undefined, now: number): boolean {
  const at = Number(value);
  return Number.isFinite(at) && Math.abs(now - at) < READ_YOUR_WRITES_MS;
}

/**
 * Read-your-writes with a replica (docs/decisions/023-read-replica.md): a request that writes reads from the
 * primary, and a successful one marks its client with a cookie, so that client's reads go to the primary
 * for READ_YOUR_WRITES_MS on whichever instance answers them. Needs @fastify/cookie registered first.
 */
export function installReadYourWrites(app: FastifyInstance, routing: ReadRouting, secure: boolean): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const writes = !SAFE_METHODS.has(request.method);
    routing.forRequest(writes || wroteRecently(request.cookies[WROTE_COOKIE], Date.now()), done);
  });
  app.addHook('onSend', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return;
    reply.setCookie(WROTE_COOKIE, String(Date.now()), {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      maxAge: Math.ceil(READ_YOUR_WRITES_MS / 1000),
    });
  });
}
