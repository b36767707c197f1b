import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { registerUser, registrationBody } from '../../../../tests/helpers/auth.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { AUTH_RATE_LIMITS } from './accounts.routes.ts';
import { LOGIN_FAILURE_LIMIT } from './accounts.service.ts';

describe('sign-in and sign-up limits', () => {
  const t = useTestApp();

  it('limits sign-in attempts per IP address with 429 and Retry-After', async () => {
    const ip = '192.0.2.10';
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: 'wrong password' },
        remoteAddress: ip,
      });
    for (let i = 0; i < AUTH_RATE_LIMITS.login; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toEqual({
      code: 'rate-limited',
      message: expect.stringMatching(/^Too many attempts\. Please try again in (\d+ seconds|1 minute)\.$/),
    });

    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'wrong password' },
      remoteAddress: '192.0.2.11',
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('limits sign-ups per IP address', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: registrationBody({ username: '' }),
        remoteAddress: '192.0.2.20',
      });
    for (let i = 0; i < AUTH_RATE_LIMITS.register; i++) expect((await attempt()).statusCode).toBe(400);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it(`stops sign-in for an account after ${LOGIN_FAILURE_LIMIT} failures in an hour, from any address`, async () => {
    const user = await registerUser(t.app);
    const { db } = t.database.handle;
    const fifty = Date.now() - 50 * 60_000;
    const rows = Array.from({ length: LOGIN_FAILURE_LIMIT - 1 }, (_, i) => ({
      id: crypto.randomUUID(),
      email_key: user.email,
      at: new Date(fifty + i * 1000).toISOString(),
    }));
    await db
      .withTables<{ login_failures: { id: string; email_key: string; at: string } }>()
      .insertInto('login_failures')
      .values(rows)
      .execute();

    const attempt = (password: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password },
        remoteAddress: `198.51.100.${n}`,
      });
    expect((await attempt('wrong password', 1)).statusCode).toBe(401);
    // The hundredth failure is in; now even the right password waits, for whoever sends it.
    const limited = await attempt(user.password, 2);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate-limited');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60 + 1);

    const otherAccount = await registerUser(t.app);
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: otherAccount.email, password: otherAccount.password },
      remoteAddress: '198.51.100.3',
    });
    expect(fine.statusCode).toBe(200);
  });

  it('forgets failures older than an hour', async () => {
    const user = await registerUser(t.app);
    const old = Date.now() - 2 * 3_600_000;
    await t.database.handle.db
      .withTables<{ login_failures: { id: string; email_key: string; at: string } }>()
      .insertInto('login_failures')
      .values(
        Array.from({ length: LOGIN_FAILURE_LIMIT }, (_, i) => ({
          id: crypto.randomUUID(),
          email_key: user.email,
          at: new Date(old + i).toISOString(),
        })),
      )
      .execute();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '198.51.100.9',
    });
    expect(response.statusCode).toBe(200);
  });
});
