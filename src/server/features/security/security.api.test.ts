import { describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES as R } from '#shared/registration.ts';
import { SECURITY_MESSAGES as S } from '#shared/security.ts';
import { registerUser, sessionCookieOf, someIp } from '../../../../tests/helpers/auth.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { sessionIdOf } from '../accounts/sessions.ts';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('security API: signed-in devices and the password change', () => {
  const t = useTestApp();

  async function signInFrom(email: string, password: string, userAgent: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: { 'user-agent': userAgent },
      remoteAddress: someIp(),
    });
    expect(response.statusCode).toBe(200);
    return sessionCookieOf(response);
  }
  const devicesOf = (cookie: string) =>
    t.app.inject({ url: '/api/me/devices', headers: { cookie, 'user-agent': FIREFOX_ON_WINDOWS } });
  const isSignedIn = async (cookie: string) =>
    (await t.app.inject({ url: '/api/auth/session', headers: { cookie } })).json().user !== null;
  const changePassword = (cookie: string, payload: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie },
      payload,
      remoteAddress: someIp(),
    });

  it('lists each signed-in browser in words with its last use, marks this one, and never shows a token', async () => {
    const user = await registerUser(t.app);
    const phone = await signInFrom(user.email, user.password, SAFARI_ON_IPHONE);
    const laptop = await signInFrom(user.email, user.password, FIREFOX_ON_WINDOWS);
    const response = await devicesOf(laptop);
    expect(response.statusCode).toBe(200);
    const { devices } = response.json();
    expect(devices).toHaveLength(3);
    expect(devices).toEqual(
      expect.arrayContaining([
        {
          id: expect.stringMatching(/^[0-9a-f]{16}$/),
          browser: 'Firefox on Windows',
          lastSeenAt: expect.any(String),
          signedInAt: expect.any(String),
          current: true,
        },
        {
          id: expect.any(String),
          browser: 'Safari on iPhone',
          lastSeenAt: expect.any(String),
          signedInAt: expect.any(String),
          current: false,
        },
        {
          id: expect.any(String),
          browser: 'Unknown browser',
          lastSeenAt: expect.any(String),
          signedInAt: expect.any(String),
          current: false,
        },
      ]),
    );
    for (const cookie of [phone, laptop, user.cookie]) {
      const token = cookie.split('=')[1] ?? '';
      expect(response.body).not.toContain(token);
      expect(response.body).not.toContain(sessionIdOf(token));
    }
    expect((await t.app.inject({ url: '/api/me/devices' })).statusCode).toBe(401);
  });

  it('signs one device out at once; another account cannot sign it out', async () => {
    const user = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const phone = await signInFrom(user.email, user.password, SAFARI_ON_IPHONE);
    const { devices } = (await devicesOf(user.cookie)).json();
    const phoneDevice = devices.find((device: { browser: string }) => device.browser === 'Safari on iPhone');

    const signOut = (cookie: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/me/devices/${phoneDevice.id}`, headers: { cookie } });
    const theirs = await signOut(stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(await isSignedIn(phone)).toBe(true);

    const mine = await signOut(user.cookie);
    expect(mine.statusCode).toBe(200);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(user.cookie)).toBe(true);
    const again = await signOut(user.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(S.deviceNotFound);
  });

  it('signs out everywhere else and keeps this browser signed in', async () => {
    const user = await registerUser(t.app);
    const others = [
      await signInFrom(user.email, user.password, SAFARI_ON_IPHONE),
      await signInFrom(user.email, user.password, FIREFOX_ON_WINDOWS),
    ];
    const stranger = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/me/devices/sign-out-others',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signedOut: 2 });
    for (const cookie of others) expect(await isSignedIn(cookie)).toBe(false);
    expect(await isSignedIn(user.cookie)).toBe(true);
    expect(await isSignedIn(stranger.cookie)).toBe(true);
    expect((await devicesOf(user.cookie)).json().devices).toHaveLength(1);
  });

  it('changes the password only with the current one, by the registration rules, and ends the other sessions', async () => {
    const user = await registerUser(t.app);
    const phone = await signInFrom(user.email, user.password, SAFARI_ON_IPHONE);
    const problems: [Record<string, string>, string, string][] = [
      [
        { currentPassword: '', password: 'new secret 1', verifyPassword: 'new secret 1' },
        'currentPassword',
        S.currentPasswordRequired,
      ],
      [{ currentPassword: user.password, password: '', verifyPassword: '' }, 'password', R.passwordRequired],
      [
        { currentPassword: user.password, password: 'short', verifyPassword: 'short' },
        'password',
        R.passwordTooShort,
      ],
      [
        { currentPassword: user.password, password: 'new secret 1', verifyPassword: 'new secret 2' },
        'verifyPassword',
        R.passwordsDiffer,
      ],
      [
        { currentPassword: 'not my password', password: 'new secret 1', verifyPassword: 'new secret 1' },
        'currentPassword',
        S.currentPasswordWrong,
      ],
    ];
    for (const [payload, field, message] of problems) {
      const response = await changePassword(user.cookie, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error).toEqual({ code: 'validation', message, fields: { [field]: message } });
    }
    expect(await isSignedIn(phone)).toBe(true);

    const changed = await changePassword(user.cookie, {
      currentPassword: user.password,
      password: 'new secret 1',
      verifyPassword: 'new secret 1',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.id).toBe(user.user.id);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(user.cookie)).toBe(true);
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password },
        remoteAddress: someIp(),
      });
    expect((await login(user.password)).statusCode).toBe(401);
    expect((await login('new secret 1')).statusCode).toBe(200);
    expect(
      (
        await changePassword('holoscope_session=nobody', {
          currentPassword: 'x',
          password: 'y',
          verifyPassword: 'y',
        })
      ).statusCode,
    ).toBe(401);
  });
});
