import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/errors.ts';
import { REGISTRATION_MESSAGES as R } from '#shared/registration.ts';
import {
  loginUser,
  registerUser,
  registrationBody,
  sessionCookieOf,
  someIp,
} from '../../../../tests/helpers/auth.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { SESSION_COOKIE, sessionIdOf } from './sessions.ts';

describe('accounts API', () => {
  const t = useTestApp();

  const register = (payload: Record<string, unknown>, ip = someIp()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: ip });
  const login = (payload: Record<string, unknown>, ip = someIp()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });
  const session = (cookie?: string) =>
    t.app.inject({ url: '/api/auth/session', ...(cookie ? { headers: { cookie } } : {}) });

  it('signs a new collector up and in, with a hardened session cookie', async () => {
    const body = registrationBody({ email: '  New.Collector@Example.COM ' });
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toEqual({
      id: expect.any(String),
      username: body.username,
      email: 'new.collector@example.com',
      country: 'Germany',
      countryCode: 'DE',
      isAdmin: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      profileImageUrl: null,
      bannerImageUrl: null,
      emailVerified: false,
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('Expires=');
    expect(setCookie).not.toContain('Secure');

    const me = await session(sessionCookieOf(response));
    expect(me.json().user.email).toBe('new.collector@example.com');
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('stores only a hash of the session token', async () => {
    const user = await registerUser(t.app);
    const token = user.cookie.split('=')[1]!;
    const rows = await t.database.handle.db.selectFrom('sessions').select('id').execute();
    expect(rows.map((row) => row.id)).toContain(sessionIdOf(token));
    expect(rows.map((row) => row.id)).not.toContain(token);
  });

  it('answers a visitor with user null', async () => {
    const response = await session();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
  });

  it('never makes an admin through sign-up, whatever the body says', async () => {
    const response = await register(registrationBody({ isAdmin: true, is_admin: 1, role: 'admin' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user.isAdmin).toBe(false);
    const row = await t.database.handle.db
      .selectFrom('users')
      .select('is_admin')
      .where('id', '=', response.json().user.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.is_admin)).toBe(false);
  });

  it('answers the first broken rule of the order of docs/product.md §5, with its field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: '   ', email: '', password: '' }, R.usernameRequired, 'username'],
      [{ username: 'ab', email: '' }, R.usernameTooShort, 'username'],
      [{ email: '  ', password: '' }, R.emailRequired, 'email'],
      [{ password: '', verifyPassword: 'x' }, R.passwordRequired, 'password'],
      [{ password: 'abc', verifyPassword: 'abc' }, R.passwordTooShort, 'password'],
      [{ verifyPassword: 'something else', country: '' }, R.passwordsDiffer, 'verifyPassword'],
      [{ country: 'Germany', countryCode: '' }, R.countryNotPicked, 'country'],
      [{ country: '', countryCode: 'DE' }, R.countryNotPicked, 'country'],
      [{ country: 'Atlantis', countryCode: 'XX' }, R.countryNotPicked, 'country'],
    ];
    for (const [overrides, message, field] of cases) {
      const response = await register(registrationBody(overrides));
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'validation', message, fields: { [field]: message } },
      });
    }
  });

  it('answers an invalid email and a weak password with their docs/product.md §8 codes and texts', async () => {
    const invalid = await register(registrationBody({ email: 'not-an-email' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toEqual({ code: 'invalid-email', message: MESSAGES.invalidEmail });

    // Text a mailer reads as other people's mailboxes is not an address (docs/product.md §5).
    for (const email of ['evil<alice@example.com>', 'x,victim@example.com', '"x"@example.com']) {
      const smuggled = await register(registrationBody({ email }));
      expect(smuggled.statusCode, email).toBe(400);
      expect(smuggled.json().error).toEqual({ code: 'invalid-email', message: MESSAGES.invalidEmail });
    }

    const weak = await register(registrationBody({ password: '  a   ', verifyPassword: '  a   ' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toEqual({ code: 'weak-password', message: MESSAGES.weakPassword });
  });

  it('refuses a second account for an email, and a username taken in any case', async () => {
    const first = await registerUser(t.app, { username: 'MistyWaters' });
    const sameEmail = await register(registrationBody({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error).toEqual({ code: 'email-already-in-use', message: MESSAGES.emailInUse });

    const sameName = await register(registrationBody({ username: 'mistywaters' }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error).toMatchObject({ code: 'conflict', message: MESSAGES.usernameTaken });
  });

  it('signs in with a new token every time and keeps both sessions apart', async () => {
    const user = await registerUser(t.app);
    const first = await loginUser(t.app, user.email.toUpperCase(), user.password);
    const second = await loginUser(t.app, user.email, user.password);
    expect(new Set([user.cookie, first, second]).size).toBe(3);
    for (const cookie of [first, second]) {
      expect((await session(cookie)).json().user.id).toBe(user.user.id);
    }
  });

  it('signs in an account whose address was taken before the address rule', async () => {
    const user = await registerUser(t.app);
    const earlier = 'x,victim@example.com';
    await t.database.handle.db
      .updateTable('users')
      .set({ email: earlier })
      .where('id', '=', user.user.id)
      .execute();
    const response = await login({ email: earlier, password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.user.id);
  });

  it('answers an unknown email and a wrong password alike', async () => {
    const user = await registerUser(t.app);
    const unknown = await login({ email: 'nobody@example.com', password: user.password });
    const wrong = await login({ email: user.email, password: 'not the password' });
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'invalid-credentials', message: MESSAGES.invalidCredentials },
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const malformed = await login({ email: 'nobody', password: 'x' });
    expect(malformed.json().error).toEqual({ code: 'invalid-email', message: MESSAGES.invalidEmail });
  });

  it('takes as long for an unknown email as for a wrong password', async () => {
    const user = await registerUser(t.app);
    const time = async (email: string) => {
      const started = performance.now();
      await login({ email, password: 'not the password' });
      return performance.now() - started;
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let round = 0; round < 7; round++) {
      unknown.push(await time(`nobody${round}@example.com`));
      wrong.push(await time(user.email));
    }
    // The fastest of several tries is the work itself, without the noise of a busy machine. Checking a
    // password hash is most of that work; without it an unknown email would answer many times faster.
    const fastestUnknown = Math.min(...unknown);
    const fastestWrong = Math.min(...wrong);
    expect(fastestUnknown).toBeGreaterThan(fastestWrong * 0.6);
    expect(fastestWrong).toBeGreaterThan(fastestUnknown * 0.6);
  });

  it('revokes the session on the server at logout', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
    expect(String(response.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    // A copy of the old cookie no longer signs anyone in.
    expect((await session(user.cookie)).json()).toEqual({ user: null });
  });

  it('ends sessions that were idle for a week or are older than 30 days', async () => {
    const { db } = t.database.handle;
    const idle = await registerUser(t.app);
    const old = await registerUser(t.app);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: eightDaysAgo })
      .where('user_id', '=', idle.user.id)
      .execute();
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', old.user.id)
      .execute();
    for (const user of [idle, old]) {
      const response = await session(user.cookie);
      expect(response.json()).toEqual({ user: null });
      expect(String(response.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    }
  });

  it('refreshes last-seen at most once an hour', async () => {
    const { db } = t.database.handle;
    const user = await registerUser(t.app);
    const lastSeen = () =>
      db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('user_id', '=', user.user.id)
        .executeTakeFirstOrThrow();
    const before = (await lastSeen()).last_seen_at;
    await session(user.cookie);
    expect((await lastSeen()).last_seen_at).toBe(before);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: twoHoursAgo })
      .where('user_id', '=', user.user.id)
      .execute();
    await session(user.cookie);
    expect((await lastSeen()).last_seen_at > twoHoursAgo).toBe(true);
  });
});

describe('accounts API behind HTTPS', () => {
  const t = useTestApp({ secureCookies: true });

  it('marks the session cookie Secure', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationBody(),
      remoteAddress: someIp(),
    });
    expect(String(response.headers['set-cookie'])).toContain('Secure');
  });
});
