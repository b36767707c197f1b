import { describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES as S } from '#shared/security.ts';
import { registerUser, sessionCookieOf, someIp, type TestUser } from '../../../../tests/helpers/auth.ts';
import { type PromptOptions, SoftwarePasskey } from '../../../../tests/helpers/passkey-authenticator.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

const ORIGIN = 'https://holoscope.test';
const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('passkeys API', () => {
  const t = useTestApp({ publicOrigin: ORIGIN });

  /** The challenge cookie a prompt's options came with, as a Cookie header part. */
  function challengeCookieOf(response: { cookies: { name: string; value: string }[] }): string {
    const cookie = response.cookies.find((candidate) => candidate.name.endsWith('holoscope_webauthn'));
    if (!cookie) throw new Error('The options came without a challenge cookie');
    return `${cookie.name}=${cookie.value}`;
  }
  const join = (...cookies: (string | undefined)[]) => cookies.filter(Boolean).join('; ');

  async function registrationPrompt(user: TestUser) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/me/passkeys/options',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    return { options: response.json() as PromptOptions, cookie: challengeCookieOf(response) };
  }

  function finishRegistration(user: TestUser, challengeCookie: string | undefined, body: unknown) {
    return t.app.inject({
      method: 'POST',
      url: '/api/me/passkeys',
      headers: { cookie: join(user.cookie, challengeCookie), 'user-agent': CHROME_ON_ANDROID },
      payload: body as object,
    });
  }

  async function addPasskey(user: TestUser): Promise<SoftwarePasskey> {
    const passkey = new SoftwarePasskey(ORIGIN);
    const { options, cookie } = await registrationPrompt(user);
    const response = await finishRegistration(user, cookie, passkey.register(options));
    expect(response.statusCode).toBe(201);
    return passkey;
  }

  async function signInPrompt(ip = someIp()) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkey/options',
      remoteAddress: ip,
    });
    expect(response.statusCode).toBe(200);
    return { options: response.json() as PromptOptions, cookie: challengeCookieOf(response) };
  }

  const signIn = (challengeCookie: string | undefined, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/passkey',
      headers: challengeCookie ? { cookie: challengeCookie } : {},
      payload: body as object,
      remoteAddress: someIp(),
    });

  const passkeysOf = async (user: TestUser) =>
    (await t.app.inject({ url: '/api/me/passkeys', headers: { cookie: user.cookie } })).json().passkeys;
  const sessionOf = async (cookie: string) =>
    (await t.app.inject({ url: '/api/auth/session', headers: { cookie } })).json().user;

  it('adds a resident, user-verified passkey for PUBLIC_ORIGIN, named after the browser', async () => {
    const user = await registerUser(t.app);
    const { options, cookie } = await registrationPrompt(user);
    expect(options).toMatchObject({
      rp: { id: 'holoscope.test', name: 'Holoscope' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect(cookie).toMatch(/^holoscope_webauthn=[A-Za-z0-9_-]{43}$/);
    const passkey = new SoftwarePasskey(ORIGIN);
    const response = await finishRegistration(user, cookie, passkey.register(options));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: passkey.id,
      name: 'Chrome on Android',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(await passkeysOf(user)).toEqual([response.json()]);
    // The next prompt asks the browser not to make a second passkey on the same authenticator.
    const again = await registrationPrompt(user);
    expect((again.options as { excludeCredentials?: { id: string }[] }).excludeCredentials).toEqual([
      expect.objectContaining({ id: passkey.id }),
    ]);
  });

  it('signs in with a passkey and no email: a new session, and the passkey shows its last use', async () => {
    const user = await registerUser(t.app);
    const passkey = await addPasskey(user);
    const { options, cookie } = await signInPrompt();
    expect(options).toMatchObject({ rpId: 'holoscope.test', userVerification: 'required' });
    expect((options as { allowCredentials?: unknown[] }).allowCredentials ?? []).toEqual([]);

    const response = await signIn(cookie, passkey.signIn(options));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.user.id);
    const session = sessionCookieOf(response);
    expect(session).not.toBe(user.cookie);
    expect((await sessionOf(session)).id).toBe(user.user.id);
    expect((await passkeysOf(user))[0].lastUsedAt).toEqual(expect.any(String));
  });

  it('refuses adding a passkey to a visitor, without a challenge, or with one from another account', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: '/api/me/passkeys/options' });
    expect(visitor.statusCode).toBe(401);

    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const passkey = new SoftwarePasskey(ORIGIN);
    const { options, cookie } = await registrationPrompt(other);
    const noChallenge = await finishRegistration(user, undefined, passkey.register(options));
    expect(noChallenge.statusCode).toBe(400);
    expect(noChallenge.json().error.message).toBe(S.passkeyRequestExpired);
    const othersChallenge = await finishRegistration(user, cookie, passkey.register(options));
    expect(othersChallenge.statusCode).toBe(400);
    expect(othersChallenge.json().error.message).toBe(S.passkeyRequestExpired);
    expect(await passkeysOf(user)).toEqual([]);
  });

  it.each([
    ['a wrong challenge', { challenge: 'c29tZS1vdGhlci1jaGFsbGVuZ2U' }],
    ['another origin', { origin: 'https://holoscope.example' }],
    ['another relying party', { rpId: 'example.com' }],
    ['no user verification', { userVerified: false }],
  ])('refuses a new passkey made with %s', async (_name, overrides) => {
    const user = await registerUser(t.app);
    const { options, cookie } = await registrationPrompt(user);
    const response = await finishRegistration(
      user,
      cookie,
      new SoftwarePasskey(ORIGIN).register(options, overrides),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'validation', message: S.passkeyNotChecked });
    expect(await passkeysOf(user)).toEqual([]);
  });

  it('refuses a challenge used once already, and one past its five minutes', async () => {
    const user = await registerUser(t.app);
    const passkey = new SoftwarePasskey(ORIGIN);
    const { options, cookie } = await registrationPrompt(user);
    expect((await finishRegistration(user, cookie, passkey.register(options))).statusCode).toBe(201);
    const again = await finishRegistration(user, cookie, new SoftwarePasskey(ORIGIN).register(options));
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(S.passkeyRequestExpired);

    const stale = await signInPrompt();
    await t.database.handle.db
      .withTables<{ webauthn_challenges: { expires_at: string } }>()
      .updateTable('webauthn_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const late = await signIn(stale.cookie, passkey.signIn(stale.options));
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(S.passkeyRequestExpired);
    expect(late.cookies.some((cookie) => cookie.name.endsWith('holoscope_session') && cookie.value)).toBe(
      false,
    );
  });

  it('refuses the same passkey added twice', async () => {
    const user = await registerUser(t.app);
    const passkey = await addPasskey(user);
    const { options, cookie } = await registrationPrompt(user);
    const twice = await finishRegistration(user, cookie, passkey.register(options));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(S.passkeyAlreadyAdded);
  });

  describe('sign-in refusals, none of which signs anyone in', () => {
    const noSession = (response: { cookies: { name: string; value: string }[] }) =>
      expect(
        response.cookies.some((cookie) => cookie.name.endsWith('holoscope_session') && cookie.value),
      ).toBe(false);

    it('a signature over a wrong challenge', async () => {
      const passkey = await addPasskey(await registerUser(t.app));
      const { options, cookie } = await signInPrompt();
      const response = await signIn(cookie, passkey.signIn(options, { challenge: 'd3JvbmctY2hhbGxlbmdl' }));
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({ code: 'invalid-credentials', message: S.passkeyNotChecked });
      noSession(response);
    });

    it('a challenge from another browser, or none', async () => {
      const passkey = await addPasskey(await registerUser(t.app));
      const mine = await signInPrompt();
      const theirs = await signInPrompt();
      const response = await signIn(theirs.cookie, passkey.signIn(mine.options));
      expect(response.statusCode).toBe(401);
      noSession(response);
      const none = await signIn(undefined, passkey.signIn(mine.options));
      expect(none.statusCode).toBe(400);
      expect(none.json().error.message).toBe(S.passkeyRequestExpired);
      noSession(none);
    });

    it('a replayed answer, with its own challenge cookie or a fresh one', async () => {
      const passkey = await addPasskey(await registerUser(t.app));
      const { options, cookie } = await signInPrompt();
      const answer = passkey.signIn(options);
      expect((await signIn(cookie, answer)).statusCode).toBe(200);
      const replayed = await signIn(cookie, answer);
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json().error.message).toBe(S.passkeyRequestExpired);
      noSession(replayed);
      const fresh = await signInPrompt();
      const withFresh = await signIn(fresh.cookie, answer);
      expect(withFresh.statusCode).toBe(401);
      noSession(withFresh);
    });

    it('a signature counter that does not move forward (a cloned authenticator)', async () => {
      const passkey = await addPasskey(await registerUser(t.app));
      const first = await signInPrompt();
      expect((await signIn(first.cookie, passkey.signIn(first.options, { counter: 5 }))).statusCode).toBe(
        200,
      );
      const second = await signInPrompt();
      const response = await signIn(second.cookie, passkey.signIn(second.options, { counter: 5 }));
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(S.passkeyNotChecked);
      noSession(response);
    });

    it('a foreign credential, never registered here', async () => {
      const { options, cookie } = await signInPrompt();
      const stranger = new SoftwarePasskey(ORIGIN);
      const response = await signIn(cookie, stranger.signIn(options));
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({ code: 'invalid-credentials', message: S.passkeyUnknown });
      noSession(response);
    });

    it("a registered passkey's id with another key's signature, and another origin", async () => {
      const passkey = await addPasskey(await registerUser(t.app));
      const { options, cookie } = await signInPrompt();
      const impostor = new SoftwarePasskey(ORIGIN);
      const forged = impostor.signIn(options);
      forged.credential.id = passkey.id;
      forged.credential.rawId = passkey.id;
      const response = await signIn(cookie, forged);
      expect(response.statusCode).toBe(401);
      noSession(response);

      const other = await signInPrompt();
      const phished = await signIn(
        other.cookie,
        passkey.signIn(other.options, { origin: 'https://holoscope.example' }),
      );
      expect(phished.statusCode).toBe(401);
      noSession(phished);
    });

    it('no user verification', async () => {
      const passkey = await addPasskey(await registerUser(t.app));
      const { options, cookie } = await signInPrompt();
      const response = await signIn(cookie, passkey.signIn(options, { userVerified: false }));
      expect(response.statusCode).toBe(401);
      noSession(response);
    });
  });

  it("renames and removes one's own passkeys only; a removed one signs in no more", async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const passkey = await addPasskey(owner);
    const rename = (user: TestUser, name: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/me/passkeys/${passkey.id}`,
        headers: { cookie: user.cookie },
        payload: { name },
      });
    const remove = (user: TestUser) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/me/passkeys/${passkey.id}`,
        headers: { cookie: user.cookie },
      });

    const blank = await rename(owner, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({ name: S.passkeyNameRequired });
    expect((await rename(owner, 'x'.repeat(61))).json().error.message).toBe(S.passkeyNameTooLong);

    const theirs = await rename(stranger, 'Mine now');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe(S.passkeyNotFound);
    expect((await remove(stranger)).statusCode).toBe(404);

    const renamed = await rename(owner, '  Work laptop ');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Work laptop');
    expect((await passkeysOf(owner))[0].name).toBe('Work laptop');

    const removed = await remove(owner);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ passkeys: [] });
    const { options, cookie } = await signInPrompt();
    const response = await signIn(cookie, passkey.signIn(options));
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(S.passkeyUnknown);
  });
});
