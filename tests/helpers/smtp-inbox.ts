import { afterAll, beforeAll } from 'vitest';
import type { Config } from '#server/env.ts';
import { registerUser, someIp, type TestUser } from './auth.ts';
import { type ReceivedMail, type SmtpInbox, startSmtpInbox } from './smtp-server.ts';
import { type TestApp, useTestApp } from './test-app.ts';

/**
 * A test app at http://holoscope.test whose alert emails go to a test SMTP inbox, started before the app
 * and closed after it.
 */
export function useTestAppWithInbox(): TestApp & { inbox: SmtpInbox } {
  const overrides: Partial<Config> = { publicOrigin: 'http://holoscope.test' };
  let t: TestApp & { inbox: SmtpInbox };
  beforeAll(async () => {
    t.inbox = await startSmtpInbox();
    overrides.smtpUrl = t.inbox.url;
  });
  afterAll(() => t.inbox?.close());
  t = useTestApp(overrides) as TestApp & { inbox: SmtpInbox };
  return t;
}

export const VERIFICATION_SUBJECT = 'Verify your email address for Holoscope';

/** The token of the first link in a mail that opens `page` (`/reset-password`, …). */
export function tokenInMail(mail: ReceivedMail, page: string): string {
  const token = new RegExp(`https?://[^/\\s]+${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.body)?.[1];
  if (!token) throw new Error(`The mail has no link to ${page}`);
  return token;
}

/** A new collector who verified their address with the link of the verification mail they were sent. */
export async function registerVerifiedUser(t: TestApp & { inbox: SmtpInbox }): Promise<TestUser> {
  const user = await registerUser(t.app);
  const [mail] = await t.inbox.waitForMails(user.email, VERIFICATION_SUBJECT);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/email-verification/verify',
    payload: { token: tokenInMail(mail!, '/verify-email') },
    remoteAddress: someIp(),
  });
  if (response.statusCode !== 200) throw new Error(`Verification failed: ${response.body}`);
  return { ...user, user: { ...user.user, emailVerified: true } };
}
