import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { registerUser, registrationBody, type TestUser } from '../../../../tests/helpers/auth.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { DEVICE_COOKIE } from './known-devices.ts';
import { AUTH_RATE_LIMITS } from './per-ip-limit.ts';
import {
  ACCOUNT_SLOWDOWN_FAILURES,
  ACCOUNT_SLOWDOWN_SECONDS,
  FIRST_CLIENT_WAIT_SECONDS,
  FREE_FAILURES_PER_CLIENT,
} from './sign-in-throttle.ts';

const HOUR = 3_600_000;

describe('sign-in and sign-up limits', () => {
  const t = useTestApp();
  let nextAddress = 0;
  /** A client address no other attempt in this file has used. */
  const newAddress = () => {
    nextAddress += 1;
    return `198.51.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
  };

  const attempt = (email: string, password: string, remoteAddress: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  /** Signs the owner in once from an address, as on their own browser, and returns its device cookie. */
  async function knownDeviceOf(owner: TestUser): Promise<string> {
    const response = await attempt(owner.email, owner.password, newAddress());
    expect(response.statusCode).toBe(200);
    const device = response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    return `${DEVICE_COOKIE}=${device?.value}`;
  }

  /** Failed sign-ins on an account at these times, as sign-in records them (client: who sent each). */
  async function pastFailures(email: string, times: Date[], client: (index: number) => string) {
    await t.database.handle.db
      .withTables<{ login_failures: { id: string; email_key: string; client: string; at: string } }>()
      .insertInto('login_failures')
      .values(
        times.map((at, index) => ({
          id: crypto.randomUUID(),
          email_key: email,
          client: client(index),
          at: at.toISOString(),
        })),
      )
      .execute();
  }

  it('limits sign-in attempts per IP address with 429 and Retry-After', async () => {
    const ip = '192.0.2.10';
    const tryOnce = (n: number) => attempt(`nobody${n}@example.com`, 'wrong password', ip);
    for (let i = 0; i < AUTH_RATE_LIMITS.login; i++) expect((await tryOnce(i)).statusCode).toBe(401);
    const limited = await tryOnce(AUTH_RATE_LIMITS.login);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toEqual({
      code: 'rate-limited',
      message: expect.stringMatching(/^Too many attempts\. Please try again in (\d+ seconds?|1 minute)\.$/),
    });
    expect((await attempt('nobody@example.com', 'wrong password', '192.0.2.11')).statusCode).toBe(401);
  });

  it('limits sign-ups per IP address', async () => {
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: registrationBody({ username: '' }),
        remoteAddress: '192.0.2.20',
      });
    for (let i = 0; i < AUTH_RATE_LIMITS.register; i++) expect((await register()).statusCode).toBe(400);
    const limited = await register();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('lets the owner in while strangers from several addresses fail more than 100 times', async () => {
    const owner = await registerUser(t.app);
    const device = await knownDeviceOf(owner);
    const strangers = Array.from({ length: 21 }, newAddress);
    for (const address of strangers) {
      for (let i = 0; i < FREE_FAILURES_PER_CLIENT; i++) {
        expect((await attempt(owner.email, `guess ${i}`, address)).statusCode).toBe(401);
      }
    }
    // 105 failures: each stranger is now slowed down, and only the strangers.
    const slowed = await attempt(owner.email, 'one more guess', strangers[0]!);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);

    // The owner's browser, even on a stranger's network (a card show's Wi-Fi), signs in.
    expect((await attempt(owner.email, owner.password, strangers[1]!, device)).statusCode).toBe(200);
    // So does the owner from a new address, without the device cookie.
    expect((await attempt(owner.email, owner.password, newAddress())).statusCode).toBe(200);
  }, 120_000);

  it('slows brute force from one address more with every failure, whatever password it sends', async () => {
    const owner = await registerUser(t.app);
    const address = newAddress();
    for (let i = 0; i < FREE_FAILURES_PER_CLIENT; i++) {
      expect((await attempt(owner.email, `guess ${i}`, address)).statusCode).toBe(401);
    }
    const first = await attempt(owner.email, owner.password, address);
    expect(first.statusCode).toBe(429);
    const firstWait = Number(first.headers['retry-after']);
    expect(firstWait).toBeGreaterThan(FIRST_CLIENT_WAIT_SECONDS - 5);
    expect(firstWait).toBeLessThanOrEqual(FIRST_CLIENT_WAIT_SECONDS);

    // Three more failures from that address earlier on: eight now, so it waits 15 s × 2³ after the latest.
    const earlier = Date.now() - 10 * 60_000;
    await pastFailures(
      owner.email,
      [0, 1, 2].map((i) => new Date(earlier + i * 1000)),
      () => `address:${address}`,
    );
    const later = await attempt(owner.email, owner.password, address);
    expect(later.statusCode).toBe(429);
    const wait = Number(later.headers['retry-after']);
    expect(wait).toBeGreaterThan(120 - 5);
    expect(wait).toBeLessThanOrEqual(120);
    expect(later.json().error.message).toBe('Too many attempts. Please try again in 2 minutes.');
  });

  it('slows a known device by its own failures, so a stolen cookie cannot guess freely', async () => {
    const owner = await registerUser(t.app);
    const device = await knownDeviceOf(owner);
    for (let i = 0; i < FREE_FAILURES_PER_CLIENT; i++) {
      expect((await attempt(owner.email, `guess ${i}`, newAddress(), device)).statusCode).toBe(401);
    }
    expect((await attempt(owner.email, 'guess', newAddress(), device)).statusCode).toBe(429);
    // Another browser of the owner's is not held up by it.
    expect((await attempt(owner.email, owner.password, newAddress())).statusCode).toBe(200);
  });

  it(`slows browsers it does not know once the account has ${ACCOUNT_SLOWDOWN_FAILURES} failures an hour, never a known device`, async () => {
    const owner = await registerUser(t.app);
    const device = await knownDeviceOf(owner);
    const now = Date.now();
    const times = Array.from(
      { length: ACCOUNT_SLOWDOWN_FAILURES },
      (_, i) => new Date(now - 50 * 60_000 + i * 9_000),
    );
    times[times.length - 1] = new Date(now - 1000);
    await pastFailures(owner.email, times, (index) => `address:203.0.113.${index % 250}-${index}`);

    const stranger = await attempt(owner.email, owner.password, newAddress());
    expect(stranger.statusCode).toBe(429);
    const wait = Number(stranger.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(ACCOUNT_SLOWDOWN_SECONDS);

    expect((await attempt(owner.email, owner.password, newAddress(), device)).statusCode).toBe(200);
  });

  it('lets a browser it does not know try again once the slow-down after the latest failure has passed', async () => {
    const owner = await registerUser(t.app);
    const now = Date.now();
    await pastFailures(
      owner.email,
      Array.from(
        { length: ACCOUNT_SLOWDOWN_FAILURES },
        (_, i) => new Date(now - (ACCOUNT_SLOWDOWN_SECONDS + 5) * 1000 - i * 1000),
      ),
      (index) => `address:203.0.113.${index}`,
    );
    expect((await attempt(owner.email, owner.password, newAddress())).statusCode).toBe(200);
  });

  it('does not take a device cookie that was not signed by the server, or names another account', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const real = (await knownDeviceOf(owner)).split('=')[1]!;
    const [userId, deviceId] = real.split('.');
    const forged = [
      `${DEVICE_COOKIE}=${userId}.${deviceId}.${'A'.repeat(43)}`,
      `${DEVICE_COOKIE}=${userId}.${deviceId}`,
      await knownDeviceOf(other),
    ];
    const address = newAddress();
    for (let i = 0; i < FREE_FAILURES_PER_CLIENT; i++) {
      expect((await attempt(owner.email, `guess ${i}`, address)).statusCode).toBe(401);
    }
    for (const cookie of forged) {
      // Counted as the address it comes from, which has used up its free failures.
      expect((await attempt(owner.email, owner.password, address, cookie)).statusCode, cookie).toBe(429);
    }
    expect((await attempt(owner.email, owner.password, address, `${DEVICE_COOKIE}=${real}`)).statusCode).toBe(
      200,
    );
  });

  it('counts an IPv6 network as one client', async () => {
    const owner = await registerUser(t.app);
    for (let i = 0; i < FREE_FAILURES_PER_CLIENT; i++) {
      expect((await attempt(owner.email, `guess ${i}`, `2001:db8:1:2::${i + 1}`)).statusCode).toBe(401);
    }
    expect((await attempt(owner.email, 'guess', '2001:db8:1:2:ffff::9')).statusCode).toBe(429);
    expect((await attempt(owner.email, owner.password, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('forgets failures older than an hour', async () => {
    const owner = await registerUser(t.app);
    const address = newAddress();
    const old = Date.now() - 2 * HOUR;
    await pastFailures(
      owner.email,
      Array.from({ length: ACCOUNT_SLOWDOWN_FAILURES }, (_, i) => new Date(old + i)),
      () => `address:${address}`,
    );
    expect((await attempt(owner.email, owner.password, address)).statusCode).toBe(200);
  });
});
