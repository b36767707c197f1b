import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/errors.ts';
import type { SessionUser } from '#shared/schemas/accounts.ts';
import { installErrorHandler } from '../../errors.ts';
import { requireAdmin, requireUser } from './guards.ts';

const member: SessionUser = {
  id: 'u1',
  username: 'Misty',
  email: 'misty@example.com',
  country: 'Japan',
  countryCode: 'JP',
  isAdmin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  profileImageUrl: null,
  bannerImageUrl: null,
  emailVerified: true,
};

async function appAs(user: SessionUser | null) {
  const app = Fastify();
  installErrorHandler(app);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.user = user;
  });
  app.get('/member', async (request) => ({ id: requireUser(request).id }));
  app.get('/collector', async (request) => ({ id: requireUser(request, MESSAGES.mustBeLoggedIn).id }));
  app.get('/admin', async (request) => ({ id: requireAdmin(request).id }));
  app.post('/admin', async (request) => ({ id: requireAdmin(request).id }));
  await app.ready();
  return app;
}

describe('guards', () => {
  it('refuse a visitor with 401 and the given message', async () => {
    const app = await appAs(null);
    for (const [url, message] of [
      ['/member', 'Authentication required'],
      ['/collector', 'User must be logged in'],
      ['/admin', 'Authentication required'],
    ] as const) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'unauthenticated', message } });
    }
  });

  it('let a signed-in user through, but not into admin routes', async () => {
    const app = await appAs(member);
    expect((await app.inject('/member')).json()).toEqual({ id: 'u1' });
    const read = await app.inject('/admin');
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({
      error: { code: 'forbidden', message: 'Unauthorized: Admin access required' },
    });
    const change = await app.inject({ method: 'POST', url: '/admin' });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual({ error: { code: 'forbidden', message: 'Admin permissions required' } });
  });

  it('let an admin into admin routes', async () => {
    const app = await appAs({ ...member, isAdmin: true });
    expect((await app.inject('/admin')).json()).toEqual({ id: 'u1' });
  });
});
