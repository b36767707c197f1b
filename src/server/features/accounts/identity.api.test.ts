import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/errors.ts';
import { IDENTITY_MESSAGES } from '#shared/identity-providers.ts';
import { REGISTRATION_MESSAGES } from '#shared/registration.ts';
import { ONLY_WAY_IN_MESSAGES } from '#shared/security.ts';
import type { Config } from '#server/env.ts';
import { registerUser, someIp } from '../../../../tests/helpers/auth.ts';
import { SoftwarePasskey } from '../../../../tests/helpers/passkey-authenticator.ts';
import {
  newProviderAccount,
  type ProviderAccount,
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../../../tests/helpers/oidc-test-provider.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

const ORIGIN = 'http://holoscope.test';
const CALLBACK = `${ORIGIN}/api/auth/oidc/oidc/callback`;
const NAME = 'Kanto ID';

/** Sign-in with an OpenID Connect provider, against a real oidc-provider on this machine. */
describe('sign-in with an identity provider', () => {
  const overrides: Partial<Config> = { publicOrigin: ORIGIN };
  let provider: TestIdentityProvider;
  beforeAll(async () => {
    provider = await startTestIdentityProvider({ redirectUris: [CALLBACK] });
    overrides.identityProviders = [
      {
        id: 'oidc',
        name: NAME,
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
      },
    ];
  });
  afterAll(() => provider?.close());
  const t = useTestApp(overrides);

  /** One browser: the app's cookies, and the provider's kept apart as a browser keeps them by site. */
  function browser(initialCookie?: string) {
    const appCookies = new Map<string, string>();
    if (initialCookie) {
      const [name, value] = initialCookie.split('=') as [string, string];
      appCookies.set(name, value);
    }
    const providerCookies = new Map<string, string>();
    const address = someIp();
    const cookieHeader = (jar: Map<string, string>) =>
      [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

    async function toApp(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
      const response = await t.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: { cookie: cookieHeader(appCookies), ...(method === 'GET' ? {} : { origin: ORIGIN }) },
        remoteAddress: address,
      });
      for (const cookie of response.cookies) {
        if (cookie.value === '' || cookie.maxAge === 0) appCookies.delete(cookie.name);
        else appCookies.set(cookie.name, cookie.value);
      }
      return response;
    }

    /** Follows the provider's redirects (login, consent) until it sends the browser back to us. */
    async function atProvider(authorizationUrl: string): Promise<string> {
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop += 1) {
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: cookieHeader(providerCookies) },
        });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const split = pair.indexOf('=');
          providerCookies.set(pair.slice(0, split), pair.slice(split + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`The provider answered ${response.status}: ${await response.text()}`);
        const next = new URL(location, url);
        if (next.origin === ORIGIN) return next.href;
        url = next.href;
      }
      throw new Error('The provider never sent the browser back');
    }

    return {
      cookies: appCookies,
      toApp,
      atProvider,
      async start(query = 'returnTo=/profile') {
        const response = await toApp('GET', `/api/auth/oidc/oidc/start?${query}`);
        expect(response.statusCode).toBe(302);
        return String(response.headers.location);
      },
      callback: (url: string) => toApp('GET', url.slice(ORIGIN.length)),
      /** Start → provider → callback, as the person sees it. */
      async signInWithProvider(query?: string) {
        return this.callback(await atProvider(await this.start(query)));
      },
      async sessionUser() {
        return (await toApp('GET', '/api/auth/session')).json().user;
      },
    };
  }

  const asNewPerson = (overrides: Partial<ProviderAccount> = {}) => {
    const account = newProviderAccount(overrides);
    provider.signInAs(account);
    return account;
  };
  const userCount = async () =>
    Number(
      (
        await t.database.handle.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const problemOf = (response: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(response.statusCode).toBe(302);
    return new URL(String(response.headers.location), ORIGIN).searchParams.get('problem');
  };

  it('sends the browser to the provider with the code flow, PKCE (S256), state, nonce and our callback', async () => {
    const start = await browser().toApp('GET', '/api/auth/oidc/oidc/start?returnTo=/profile');
    expect(start.statusCode).toBe(302);
    const url = new URL(String(start.headers.location));
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    const flowCookie = start.cookies.find((cookie) => cookie.name === 'holoscope_oidc_flow');
    expect(flowCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(start.cookies.some((cookie) => cookie.name === 'holoscope_session')).toBe(false);
  });

  it('asks a first-time person for a username and a country, then creates the account with the provider’s email and signs in', async () => {
    const person = asNewPerson();
    const b = browser();
    const callback = await b.signInWithProvider();
    expect(callback.headers.location).toBe('/sign-in/complete');
    expect(await b.sessionUser()).toBeNull();

    const pending = await b.toApp('GET', '/api/auth/oidc/pending');
    expect(pending.json()).toEqual({ providerName: NAME, email: person.email, problem: null });

    const complete = (body: object) => b.toApp('POST', '/api/auth/oidc/complete', body);
    // The registration's rules, in their order, without the password.
    const blank = await complete({ username: '', country: '', countryCode: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(REGISTRATION_MESSAGES.usernameRequired);
    expect((await complete({ username: 'ab', country: '', countryCode: '' })).json().error.message).toBe(
      REGISTRATION_MESSAGES.usernameTooShort,
    );
    expect(
      (await complete({ username: 'Red Trainer', country: 'Japan', countryCode: '' })).json().error.message,
    ).toBe(REGISTRATION_MESSAGES.countryNotPicked);
    const taken = await registerUser(t.app);
    const clash = await complete({ username: taken.user.username, country: 'Japan', countryCode: 'JP' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(MESSAGES.usernameTaken);

    const before = await userCount();
    const done = await complete({ username: 'Red Trainer', country: 'Japan', countryCode: 'JP' });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({
      user: {
        username: 'Red Trainer',
        email: person.email,
        country: 'Japan',
        countryCode: 'JP',
        isAdmin: false,
      },
      returnTo: '/profile',
    });
    expect(await userCount()).toBe(before + 1);
    expect(await b.sessionUser()).toMatchObject({ id: done.json().user.id });

    // The pending identity is used up.
    const again = await complete({ username: 'Red Again', country: 'Japan', countryCode: 'JP' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'sign-in-expired',
      message: IDENTITY_MESSAGES.pendingExpired,
    });
    expect(await userCount()).toBe(before + 1);
  });

  it('signs a returning person straight in, with a new session in place of the browser’s old one', async () => {
    const person = asNewPerson();
    const first = browser();
    await first.signInWithProvider();
    const created = await first.toApp('POST', '/api/auth/oidc/complete', {
      username: 'Blue Rival',
      country: 'Canada',
      countryCode: 'CA',
    });
    expect(created.statusCode).toBe(201);

    const someoneElse = await registerUser(t.app);
    const b = browser(someoneElse.cookie);
    provider.signInAs(person);
    const before = await userCount();
    const callback = await b.signInWithProvider('returnTo=/card-sets/jungle-set');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/card-sets/jungle-set');
    expect(await b.sessionUser()).toMatchObject({ id: created.json().user.id, email: person.email });
    expect(await userCount()).toBe(before);
    // The session the browser carried before was ended, not reused.
    const old = await t.app.inject({ url: '/api/auth/session', headers: { cookie: someoneElse.cookie } });
    expect(old.json().user).toBeNull();
  });

  it('refuses a callback whose state is not this browser’s, and the flow cannot be tried again', async () => {
    asNewPerson();
    const b = browser();
    const back = new URL(await b.atProvider(await b.start()));
    const genuine = back.href;
    back.searchParams.set('state', 'forged-state-value-0123456789');
    expect(problemOf(await b.callback(back.href))).toBe('failed');
    expect(await b.sessionUser()).toBeNull();
    expect(b.cookies.has('holoscope_oidc_pending')).toBe(false);
    expect(problemOf(await b.callback(genuine))).toBe('expired');
    expect(await b.sessionUser()).toBeNull();
  });

  it('refuses a callback in a browser that never started one', async () => {
    asNewPerson();
    const started = browser();
    const back = await started.atProvider(await started.start());
    const other = browser();
    expect(problemOf(await other.callback(back))).toBe('expired');
    expect(await other.sessionUser()).toBeNull();
  });

  it('refuses a replayed authorization code', async () => {
    const person = asNewPerson();
    const b = browser();
    await b.signInWithProvider();
    await b.toApp('POST', '/api/auth/oidc/complete', {
      username: 'Replay Target',
      country: 'Chile',
      countryCode: 'CL',
    });

    provider.signInAs(person);
    const attacker = browser();
    const used = new URL(await attacker.atProvider(await attacker.start()));
    expect((await attacker.callback(used.href)).headers.location).toBe('/profile');
    const attackerUser = await attacker.sessionUser();
    expect(attackerUser.email).toBe(person.email);

    // The same callback again in the same browser: the flow was used up.
    const replay = browser();
    const replayStart = new URL(await replay.start());
    // The old code under this browser's own fresh state: the provider refuses the code a second time.
    used.searchParams.set('state', String(replayStart.searchParams.get('state')));
    expect(problemOf(await replay.callback(used.href))).toBe('failed');
    expect(await replay.sessionUser()).toBeNull();
    expect(problemOf(await attacker.callback(used.href))).toBe('expired');
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    asNewPerson();
    const b = browser();
    const authorization = new URL(await b.start());
    authorization.searchParams.set('nonce', 'a-nonce-from-somewhere-else-0123');
    expect(problemOf(await b.callback(await b.atProvider(authorization.href)))).toBe('failed');
    expect(await b.sessionUser()).toBeNull();
  });

  it('refuses an expired ID token', async () => {
    asNewPerson();
    const b = browser();
    provider.issueExpiredIdTokens(true);
    try {
      expect(problemOf(await b.signInWithProvider())).toBe('failed');
    } finally {
      provider.issueExpiredIdTokens(false);
    }
    expect(await b.sessionUser()).toBeNull();
  });

  it('says so when the person cancels at the provider', async () => {
    provider.refuseNextLogin();
    const b = browser();
    expect(problemOf(await b.signInWithProvider())).toBe('cancelled');
    expect(await b.sessionUser()).toBeNull();
  });

  it('never signs into an account whose email the provider gives; its owner links the provider from the profile', async () => {
    const owner = await registerUser(t.app);
    const person = asNewPerson({ email: owner.email.toUpperCase() });
    const b = browser();
    expect((await b.signInWithProvider()).headers.location).toBe('/sign-in/complete');
    expect((await b.toApp('GET', '/api/auth/oidc/pending')).json().problem).toBe(
      IDENTITY_MESSAGES.emailInUse(NAME),
    );
    const refused = await b.toApp('POST', '/api/auth/oidc/complete', {
      username: 'Not The Owner',
      country: 'France',
      countryCode: 'FR',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'email-already-in-use',
      message: IDENTITY_MESSAGES.emailInUse(NAME),
    });
    expect(await b.sessionUser()).toBeNull();

    // The owner, signed in with the password, links the provider from the profile.
    const ownerBrowser = browser(owner.cookie);
    expect((await ownerBrowser.toApp('GET', '/api/auth/identities')).json()).toEqual({
      providers: [{ id: 'oidc', name: NAME, linked: null }],
    });
    provider.signInAs(person);
    const linked = await ownerBrowser.signInWithProvider('intent=link&returnTo=/profile');
    expect(linked.headers.location).toBe('/profile');
    expect(
      (await ownerBrowser.toApp('GET', '/api/auth/identities')).json().providers[0].linked,
    ).toMatchObject({
      email: owner.email,
    });

    // From then on the provider signs into the owner's account.
    provider.signInAs(person);
    const later = browser();
    await later.signInWithProvider();
    expect(await later.sessionUser()).toMatchObject({ id: owner.user.id });

    // Unlinked, it no longer does.
    const unlinked = await ownerBrowser.toApp('DELETE', '/api/auth/identities/oidc');
    expect(unlinked.json().providers[0].linked).toBeNull();
    provider.signInAs(person);
    const afterUnlink = browser();
    expect((await afterUnlink.signInWithProvider()).headers.location).toBe('/sign-in/complete');
    expect(await afterUnlink.sessionUser()).toBeNull();
  });

  it('keeps the only way into an account made by the provider: no unlinking it, nor removing the passkey that replaced it', async () => {
    const person = asNewPerson();
    const b = browser();
    await b.signInWithProvider();
    const created = await b.toApp('POST', '/api/auth/oidc/complete', {
      username: 'Only Way In',
      country: 'Japan',
      countryCode: 'JP',
    });
    expect(created.statusCode).toBe(201);
    const linkedOf = async () => (await b.toApp('GET', '/api/auth/identities')).json().providers[0].linked;

    // No password, no passkey: the provider is the only way in and stays linked.
    const refused = await b.toApp('DELETE', '/api/auth/identities/oidc');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'conflict',
      message:
        'Kanto ID is the only way into your account, so it cannot be unlinked yet. First add a passkey under Security.',
    });
    expect(await linkedOf()).toMatchObject({ email: person.email });
    provider.signInAs(person);
    const stillSignsIn = browser();
    await stillSignsIn.signInWithProvider();
    expect(await stillSignsIn.sessionUser()).toMatchObject({ id: created.json().user.id });

    // With a passkey added, the provider can go; then the passkey is the only way in.
    const passkey = new SoftwarePasskey(ORIGIN);
    const prompt = await b.toApp('POST', '/api/me/passkeys/options');
    const added = await b.toApp('POST', '/api/me/passkeys', passkey.register(prompt.json()));
    expect(added.statusCode).toBe(201);
    expect((await b.toApp('DELETE', '/api/auth/identities/oidc')).statusCode).toBe(200);
    expect(await linkedOf()).toBeNull();
    const kept = await b.toApp('DELETE', `/api/me/passkeys/${passkey.id}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error).toEqual({
      code: 'conflict',
      message: ONLY_WAY_IN_MESSAGES.passkey({ passwordByMail: false, provider: true }),
    });
    expect((await b.toApp('GET', '/api/me/passkeys')).json().passkeys).toHaveLength(1);

    // Linked again, the provider lets the passkey go.
    provider.signInAs(person);
    expect((await b.signInWithProvider('intent=link&returnTo=/profile')).headers.location).toBe('/profile');
    const removed = await b.toApp('DELETE', `/api/me/passkeys/${passkey.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().passkeys).toEqual([]);

    // No password was ever set, so none signs in.
    const guess = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: 'none' },
      headers: { origin: ORIGIN },
      remoteAddress: someIp(),
    });
    expect(guess.statusCode).toBe(401);
  });

  it('refuses to link an identity that already signs into another account, or without being signed in', async () => {
    const person = asNewPerson();
    const b = browser();
    await b.signInWithProvider();
    await b.toApp('POST', '/api/auth/oidc/complete', {
      username: 'First Owner',
      country: 'Peru',
      countryCode: 'PE',
    });

    const other = await registerUser(t.app);
    provider.signInAs(person);
    const otherBrowser = browser(other.cookie);
    expect(problemOf(await otherBrowser.signInWithProvider('intent=link'))).toBe('link-taken');
    expect((await otherBrowser.toApp('GET', '/api/auth/identities')).json().providers[0].linked).toBeNull();

    expect(problemOf(await browser().toApp('GET', '/api/auth/oidc/oidc/start?intent=link'))).toBe(
      'link-signed-out',
    );
  });

  it('creates no account from an email the provider has not confirmed', async () => {
    asNewPerson({ emailVerified: false });
    const b = browser();
    await b.signInWithProvider();
    expect((await b.toApp('GET', '/api/auth/oidc/pending')).json().problem).toBe(
      IDENTITY_MESSAGES.emailNotVerified(NAME),
    );
    const before = await userCount();
    const refused = await b.toApp('POST', '/api/auth/oidc/complete', {
      username: 'Unconfirmed',
      country: 'Japan',
      countryCode: 'JP',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('email-not-verified');
    expect(await userCount()).toBe(before);
    expect(await b.sessionUser()).toBeNull();
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)'])(
    'ignores a returnTo that is not a same-site path (%s)',
    async (returnTo) => {
      const person = asNewPerson();
      const b = browser();
      await b.signInWithProvider();
      await b.toApp('POST', '/api/auth/oidc/complete', {
        username: `Safe ${person.sub.slice(-5)}`,
        country: 'Japan',
        countryCode: 'JP',
      });
      provider.signInAs(person);
      const back = await b.signInWithProvider(`returnTo=${encodeURIComponent(returnTo)}`);
      expect(back.headers.location).toBe('/');
    },
  );

  it('answers 404 for a provider that is not configured, and the finishing step without a pending identity', async () => {
    expect((await browser().toApp('GET', '/api/auth/oidc/github/start')).statusCode).toBe(404);
    const none = await browser().toApp('GET', '/api/auth/oidc/pending');
    expect(none.statusCode).toBe(404);
    const complete = await browser().toApp('POST', '/api/auth/oidc/complete', {
      username: 'Nobody Here',
      country: 'Japan',
      countryCode: 'JP',
    });
    expect(complete.statusCode).toBe(400);
    expect(complete.json().error.code).toBe('sign-in-expired');
  });
});
