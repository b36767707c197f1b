import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '#shared/schemas/accounts.ts';
import type { AppContext } from '../../context.ts';
import { resolveSession, toSessionUser } from './accounts.service.ts';
import { SESSION_COOKIE, sessionCookieOptions } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor; set for every /api request. */
    user: SessionUser | null;
  }
}

/** Reads the session cookie of every API request; a cookie that no longer signs anyone in is removed. */
export function installSessionHook(app: FastifyInstance, context: AppContext): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const user = await resolveSession(context.database.db, token);
    if (user) {
      request.user = toSessionUser(user);
    } else {
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(context.config.secureCookies));
    }
  });
}
