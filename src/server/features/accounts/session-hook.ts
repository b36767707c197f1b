import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '#shared/schemas/accounts.ts';
import type { AppContext } from '../../context.ts';
import { type ActiveSession, resolveSession, toSessionUser } from './accounts.service.ts';
import { cookieName, SESSION_COOKIE, sessionCookieOptions } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor; set for every /api request. */
    user: SessionUser | null;
    /** The session that signed the user in, or null for a visitor. */
    session: ActiveSession | null;
  }
}

/**
 * Reads the session cookie of every API request; a cookie that no longer signs anyone in is removed. API
 * answers are private by default: one that says nothing about caching gets `no-store`, so an answer that
 * depends on the session (an admin list, one's own offers) is never kept by a browser or a shared cache. A
 * route whose answer is the same for everyone says so with a `public` Cache-Control of its own.
 */
export function installSessionHook(app: FastifyInstance, context: AppContext): void {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  const secure = context.config.secureCookies;
  const sessionCookie = cookieName(SESSION_COOKIE, secure);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[sessionCookie];
    if (!token) return;
    const signedIn = await resolveSession(context.database.db, token, request.headers['user-agent']);
    if (signedIn) {
      request.user = toSessionUser(signedIn.user);
      request.session = signedIn.session;
    } else {
      reply.clearCookie(sessionCookie, sessionCookieOptions(secure));
    }
  });
  // A callback hook, not an async one: it runs on every answer, cached ones included (decision 011).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
