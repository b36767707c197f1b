import { describe, expect, it } from 'vitest';
import { loginUser, registerUser, sessionCookieOf, someIp } from '../../../../tests/helpers/auth.ts';
import {
  tokenInMail,
  useTestAppWithInbox,
  VERIFICATION_SUBJECT,
} from '../../../../tests/helpers/smtp-inbox.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { oneTimeTokenId } from './one-time-tokens.ts';

const LINK_SUBJECT = 'Your Holoscope sign-in link';
const RESET_SUBJECT = 'Reset your Holoscope password';
const NO_ACCOUNT_SUBJECT = 'Signing in to Holoscope';
const MINUTE = 60_000;

describe('sign-in methods, email links, password reset and verification through a real SMTP server', () => {
  const t = useTestAppWithInbox();

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = someIp()) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });
  const whoIs = async (cookie: string) =>
    (await t.app.inject({ url: '/api/auth/session', headers: { cookie } })).json().user;

  it('offers the email link when the server can send mail, no passkeys and no providers by default', async () => {
    const response = await t.app.inject({ url: '/api/auth/methods' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ emailLink: true, passkeys: true, providers: [] });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });

  it('answers an email link request alike for any address, and mails a link or a note that there is no account', async () => {
    const collector = await registerUser(t.app);
    const known = await post('/api/auth/email-link', { email: ` ${collector.email.toUpperCase()} ` });
    const unknown = await post('/api/auth/email-link', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ sent: true });

    const [linkMail] = await t.inbox.waitForMails(collector.email, LINK_SUBJECT);
    expect(linkMail!.body).toContain('It works once, for 15 minutes.');
    const token = tokenInMail(linkMail!, '/sign-in/email-link');
    expect(linkMail!.body).toContain(`http://holoscope.test/sign-in/email-link?token=${token}`);
    const [noAccount] = await t.inbox.waitForMails('nobody-here@example.com', NO_ACCOUNT_SUBJECT);
    expect(noAccount!.body).toContain('there is no Holoscope account with this address');
    expect(noAccount!.body).not.toContain('token=');

    // Only the token's hash is stored.
    const stored = await t.database.handle.db.selectFrom('one_time_tokens').select('id').execute();
    expect(stored.map((row) => row.id)).toContain(oneTimeTokenId(token));
    expect(stored.map((row) => row.id)).not.toContain(token);

    // The link signs in once, with a new session; the browser's old session ends.
    const before = collector.cookie;
    const signedIn = await post('/api/auth/email-link/verify', { token }, { cookie: before });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: collector.user.id, emailVerified: true });
    const after = sessionCookieOf(signedIn);
    expect(after).not.toBe(before);
    expect((await whoIs(after)).id).toBe(collector.user.id);
    expect(await whoIs(before)).toBeNull();

    const again = await post('/api/auth/email-link/verify', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toEqual({
      code: 'link-used',
      message: 'This sign-in link has been used already. Ask for a new one from the sign-in form.',
    });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an unknown, malformed or expired link with a clear message and no session', async () => {
    for (const token of ['', 'short', 'x'.repeat(43), `${'A'.repeat(42)}!`]) {
      const response = await post('/api/auth/email-link/verify', { token });
      expect(response.statusCode, token).toBe(400);
      expect(response.json().error).toEqual({
        code: 'link-invalid',
        message:
          'This sign-in link is not valid. Open the whole link from the email, or ask for a new one from the sign-in form.',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }

    const collector = await registerUser(t.app);
    await post('/api/auth/email-link', { email: collector.email });
    const [mail] = await t.inbox.waitForMails(collector.email, LINK_SUBJECT);
    const token = tokenInMail(mail!, '/sign-in/email-link');
    // Sixteen minutes later: the link's fifteen are over.
    await t.database.handle.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - MINUTE).toISOString() })
      .where('id', '=', oneTimeTokenId(token))
      .execute();
    const expired = await post('/api/auth/email-link/verify', { token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toEqual({
      code: 'link-expired',
      message:
        'This sign-in link has expired: it works for 15 minutes. Ask for a new one from the sign-in form.',
    });
    expect(expired.headers['set-cookie']).toBeUndefined();
  });

  it('lets exactly one of four simultaneous requests spend a link', async () => {
    const collector = await registerUser(t.app);
    await post('/api/auth/email-link', { email: collector.email });
    const [mail] = await t.inbox.waitForMails(collector.email, LINK_SUBJECT);
    const token = tokenInMail(mail!, '/sign-in/email-link');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post('/api/auth/email-link/verify', { token })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410, 410, 410]);
  });

  it('refuses a malformed address with the sign-in form’s messages, and sends nothing', async () => {
    const blank = await post('/api/auth/email-link', { email: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toEqual({
      code: 'validation',
      message: 'Email is required',
      fields: { email: 'Email is required' },
    });
    const malformed = await post('/api/auth/password-reset', { email: 'not an address' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toEqual({
      code: 'invalid-email',
      message: 'Please enter a valid email address.',
    });
  });

  it('limits mails per address and per client address, alike for addresses with and without an account', async () => {
    const collector = await registerUser(t.app);
    const nobody = 'limit-nobody@example.com';
    for (const email of [collector.email, nobody]) {
      // The collector's verification email at sign-up counted as one of the five.
      const free = email === nobody ? 5 : 4;
      for (let i = 0; i < free; i++) {
        expect((await post('/api/auth/email-link', { email })).statusCode).toBe(202);
      }
      const limited = await post('/api/auth/password-reset', { email });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('rate-limited');
      expect(limited.json().error.message).toMatch(
        /^Too many attempts\. Please try again in \d+ minutes?\.$/,
      );
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    }
    await t.inbox.waitForMails(nobody, NO_ACCOUNT_SUBJECT, 5);

    const ip = someIp();
    for (let i = 0; i < 20; i++) {
      expect(
        (await post('/api/auth/email-link', { email: `client-${i}@example.com` }, {}, ip)).statusCode,
      ).toBe(202);
    }
    const fromClient = await post('/api/auth/email-link', { email: 'client-20@example.com' }, {}, ip);
    expect(fromClient.statusCode).toBe(429);
    expect((await post('/api/auth/email-link', { email: 'client-20@example.com' })).statusCode).toBe(202);
  });

  it('resets a forgotten password: the new one works, the old one not, and every other session ends', async () => {
    const collector = await registerUser(t.app);
    const otherDevice = await loginUser(t.app, collector.email, collector.password);
    const unknown = await post('/api/auth/password-reset', { email: 'nobody-reset@example.com' });
    const known = await post('/api/auth/password-reset', { email: collector.email });
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    await t.inbox.waitForMails('nobody-reset@example.com', NO_ACCOUNT_SUBJECT);
    const [mail] = await t.inbox.waitForMails(collector.email, RESET_SUBJECT);
    expect(mail!.body).toContain('The link works once, for 30 minutes.');
    const token = tokenInMail(mail!, '/reset-password');

    // The registration's password rules, in their order; a mistake does not spend the link.
    const tries: Array<[Record<string, string>, string, string]> = [
      [{ password: '', verifyPassword: '' }, 'password', 'Password is required'],
      [{ password: 'abc', verifyPassword: 'abc' }, 'password', 'Password must be at least 6 characters long'],
      [{ password: 'new secret', verifyPassword: 'new secrets' }, 'verifyPassword', 'Passwords do not match'],
    ];
    for (const [passwords, field, message] of tries) {
      const refused = await post('/api/auth/password-reset/complete', { token, ...passwords });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual({ code: 'validation', message, fields: { [field]: message } });
    }
    const spaces = await post('/api/auth/password-reset/complete', {
      token,
      password: '  ab   ',
      verifyPassword: '  ab   ',
    });
    expect(spaces.json().error.code).toBe('weak-password');

    const done = await post('/api/auth/password-reset/complete', {
      token,
      password: 'a brand new secret',
      verifyPassword: 'a brand new secret',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ id: collector.user.id, emailVerified: true });
    expect((await whoIs(sessionCookieOf(done))).id).toBe(collector.user.id);
    expect(await whoIs(collector.cookie)).toBeNull();
    expect(await whoIs(otherDevice)).toBeNull();

    const oldPassword = await post('/api/auth/login', {
      email: collector.email,
      password: collector.password,
    });
    expect(oldPassword.statusCode).toBe(401);
    expect(await loginUser(t.app, collector.email, 'a brand new secret')).toMatch(/=/);

    const replay = await post('/api/auth/password-reset/complete', {
      token,
      password: 'another secret',
      verifyPassword: 'another secret',
    });
    expect(replay.statusCode).toBe(410);
    expect(replay.json().error).toEqual({
      code: 'link-used',
      message:
        'This password reset link has been used already. Ask for a new one with Forgot password? in the sign-in form.',
    });
  });

  it('a new password ends the sign-in links sent before it, and an older reset link', async () => {
    const collector = await registerUser(t.app);
    await post('/api/auth/email-link', { email: collector.email });
    await post('/api/auth/password-reset', { email: collector.email });
    await post('/api/auth/password-reset', { email: collector.email });
    const [link] = await t.inbox.waitForMails(collector.email, LINK_SUBJECT);
    const resets = await t.inbox.waitForMails(collector.email, RESET_SUBJECT, 2);
    const [first, second] = resets.map((mail) => tokenInMail(mail, '/reset-password'));
    const done = await post('/api/auth/password-reset/complete', {
      token: second,
      password: 'fresh password',
      verifyPassword: 'fresh password',
    });
    expect(done.statusCode).toBe(200);
    const older = await post('/api/auth/password-reset/complete', {
      token: first,
      password: 'fresh password',
      verifyPassword: 'fresh password',
    });
    expect(older.json().error.code).toBe('link-used');
    const signIn = await post('/api/auth/email-link/verify', {
      token: tokenInMail(link!, '/sign-in/email-link'),
    });
    expect(signIn.json().error.code).toBe('link-used');
  });

  it('sends a new account a verification email; the link verifies the address without signing in', async () => {
    const collector = await registerUser(t.app);
    expect(collector.user.emailVerified).toBe(false);
    const [mail] = await t.inbox.waitForMails(collector.email, VERIFICATION_SUBJECT);
    expect(mail!.body).toContain(`Hello ${collector.user.username},`);
    const token = tokenInMail(mail!, '/verify-email');

    const verified = await post('/api/auth/email-verification/verify', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ emailVerified: true });
    expect(verified.headers['set-cookie']).toBeUndefined();
    expect((await whoIs(collector.cookie)).emailVerified).toBe(true);

    const again = await post('/api/auth/email-verification/verify', { token });
    expect(again.json().error).toEqual({
      code: 'link-used',
      message: 'This verification link has been used already. Send a new one from your profile.',
    });
    const resend = await post('/api/auth/email-verification', {}, { cookie: collector.cookie });
    expect(resend.statusCode).toBe(400);
    expect(resend.json().error.message).toBe('Your email address is verified already.');
  });

  it('sends the verification email again on request, to its signed-in owner only', async () => {
    const visitor = await post('/api/auth/email-verification', {});
    expect(visitor.statusCode).toBe(401);
    const collector = await registerUser(t.app);
    const resend = await post('/api/auth/email-verification', {}, { cookie: collector.cookie });
    expect(resend.statusCode).toBe(202);
    const mails = await t.inbox.waitForMails(collector.email, VERIFICATION_SUBJECT, 2);
    const verified = await post('/api/auth/email-verification/verify', {
      token: tokenInMail(mails[1]!, '/verify-email'),
    });
    expect(verified.statusCode).toBe(200);
    expect((await whoIs(collector.cookie)).emailVerified).toBe(true);
  });
});

describe('without a mail server', () => {
  const t = useTestApp();

  it('offers no email link, and says plainly that links and resets are unavailable', async () => {
    const methods = await t.app.inject({ url: '/api/auth/methods' });
    expect(methods.json()).toEqual({ emailLink: false, passkeys: true, providers: [] });
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-link',
      payload: { email: 'someone@example.com' },
    });
    expect(link.statusCode).toBe(404);
    expect(link.json().error).toEqual({
      code: 'not-found',
      message: 'Sign-in links by email are not available on this server.',
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'someone@example.com' },
    });
    expect(reset.statusCode).toBe(404);
    expect(reset.json().error.message).toBe(
      'Password reset is not available on this server: it needs email, which is not set up here. Ask the site’s operator to reset your password.',
    );
    // Signing up still works; the address stays unverified until a mail can be sent.
    const collector = await registerUser(t.app);
    expect(collector.user.emailVerified).toBe(false);
  });
});

describe('the configured identity providers', () => {
  const t = useTestApp({
    identityProviders: [
      {
        id: 'oidc',
        name: 'Example ID',
        issuer: 'https://id.example.com',
        clientId: 'holoscope',
        clientSecret: 'x',
      },
    ],
  });

  it('are listed by id and name', async () => {
    const methods = await t.app.inject({ url: '/api/auth/methods' });
    expect(methods.json().providers).toEqual([{ id: 'oidc', name: 'Example ID' }]);
  });
});
