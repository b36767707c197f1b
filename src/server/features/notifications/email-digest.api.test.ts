import { describe, expect, it } from 'vitest';
import { ADDRESS_NOT_MAILABLE } from '#shared/schemas/notifications.ts';
import { importRecords, saleRecord, watch } from '../../../../tests/helpers/alerts.ts';
import { makeAdmin, registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import {
  registerVerifiedUser,
  tokenInMail,
  useTestAppWithInbox,
  VERIFICATION_SUBJECT,
} from '../../../../tests/helpers/smtp-inbox.ts';

const MINUTE = 60_000;
const ORIGIN = 'http://holoscope.test';

describe('alert emails through a real SMTP server', () => {
  const t = useTestAppWithInbox();

  let admin: TestUser | undefined;

  // Alert emails only: the collector's verification email is not one of them.
  const mailsTo = (user: TestUser) =>
    t.inbox.mails.filter((mail) => mail.to.includes(user.email) && mail.headers.has('list-unsubscribe'));
  const sendDigests = (at: number) => t.app.context.notifications.sendDigests(at);
  const newSale = async (id: string, price: number) => {
    admin ??= await makeAdmin(t);
    await importRecords(t.app, admin, [saleRecord({ id, card_name: 'Venusaur', price })]);
    await t.app.context.notifications.processPending();
  };

  it('sends at most one email an hour listing the new alerts, with a working unsubscribe link', async () => {
    const collector = await registerVerifiedUser(t);
    await watch(t.app, collector, { set: 'base', card: 'Venusaur', grader: 'PSA', grade: 9 });
    const start = Date.now();

    await newSale('digest-1', 1_850);
    await newSale('digest-2', 2_100.5);
    expect(await sendDigests(start)).toBe(1);
    const [first] = mailsTo(collector);
    expect(mailsTo(collector)).toHaveLength(1);
    expect(first!.headers.get('subject')).toBe('Holoscope: 2 new alerts');
    expect(first!.body).toContain('Venusaur (Base Set) PSA 9 sold for $1,850.00');
    expect(first!.body).toContain('Venusaur (Base Set) PSA 9 sold for $2,100.50');
    const oneClick = /<(http:\/\/holoscope\.test\/api\/notifications\/unsubscribe\?token=[^>]+)>/.exec(
      first!.headers.get('list-unsubscribe') ?? '',
    )?.[1];
    expect(oneClick).toBeDefined();
    expect(first!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const token = new URL(oneClick!).searchParams.get('token')!;
    expect(first!.body).toContain(`${ORIGIN}/unsubscribe?token=${encodeURIComponent(token)}`);

    // Nothing new: no email. Something new within the hour: it waits for the hour to pass.
    expect(await sendDigests(start + 5 * MINUTE)).toBe(0);
    await newSale('digest-3', 1_999);
    expect(await sendDigests(start + 30 * MINUTE)).toBe(0);
    expect(mailsTo(collector)).toHaveLength(1);
    expect(await sendDigests(start + 61 * MINUTE)).toBe(1);
    const second = mailsTo(collector)[1]!;
    expect(second.headers.get('subject')).toBe('Holoscope: Venusaur (Base Set) PSA 9 sold for $1,999.00');
    expect(second.body).not.toContain('$1,850.00');

    // Without signing in: the address opened in a browser leads to the page that asks first; a forged
    // token is refused; a mail client's one-click post unsubscribes.
    const url = new URL(oneClick!);
    const opened = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    const forged = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}?token=${encodeURIComponent(`${collector.user.id}.forged`)}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toEqual({
      code: 'validation',
      message:
        'This unsubscribe link is not complete or not ours. Open the link in your latest alert email again.',
    });
    const done = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ unsubscribed: true });

    await newSale('digest-4', 1_500);
    expect(await sendDigests(start + 200 * MINUTE)).toBe(0);
    expect(mailsTo(collector)).toHaveLength(2);
    // The alerts themselves stay in the app.
    const inApp = await t.app.inject({ url: '/api/notifications', headers: { cookie: collector.cookie } });
    expect(inApp.json().notifications).toHaveLength(4);
  });

  it('sends one collector’s digest once when two passes run at the same time', async () => {
    const collector = await registerVerifiedUser(t);
    await watch(t.app, collector, { set: 'base', card: 'Venusaur', above: 50_000 });
    await newSale('digest-race', 60_000);
    const at = Date.now() + 500 * MINUTE;
    const sent = await Promise.all([sendDigests(at), sendDigests(at)]);
    expect(sent.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(mailsTo(collector)).toHaveLength(1);
  });

  it('mails nobody for an account whose stored address names other mailboxes, and keeps its emails off', async () => {
    const collector = await registerVerifiedUser(t);
    await watch(t.app, collector, { set: 'base', card: 'Venusaur', above: 70_000 });
    // An account from before the address rule (docs/product.md §5).
    const smuggled = 'x,victim@example.com';
    await t.database.handle.db
      .updateTable('users')
      .set({ email: smuggled })
      .where('id', '=', collector.user.id)
      .execute();
    await newSale('digest-smuggled', 75_000);
    const offeredBefore = t.inbox.offered.length;
    await sendDigests(Date.now() + 1_000 * MINUTE);
    const offered = t.inbox.offered.slice(offeredBefore);
    expect(offered.filter((address) => address.includes('victim') || address.startsWith('x'))).toEqual([]);

    const turnOn = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/email-preference',
      payload: { alertEmails: true },
      headers: { cookie: collector.cookie },
    });
    expect(turnOn.statusCode).toBe(409);
    expect(turnOn.json().error).toEqual({ code: 'conflict', message: ADDRESS_NOT_MAILABLE });
  });

  it('goes only to a verified address: the alerts of a collector who has not verified stay in the app', async () => {
    const unverified = await registerUser(t.app);
    const verified = await registerVerifiedUser(t);
    for (const collector of [unverified, verified]) {
      await watch(t.app, collector, { set: 'base', card: 'Blastoise' });
    }
    admin ??= await makeAdmin(t);
    await importRecords(t.app, admin, [saleRecord({ id: 'digest-verified-only', card_name: 'Blastoise' })]);
    await t.app.context.notifications.processPending();
    const at = Date.now() + 900 * MINUTE;
    expect(await sendDigests(at)).toBe(1);
    expect(mailsTo(verified)).toHaveLength(1);
    expect(mailsTo(unverified)).toEqual([]);
    const inApp = await t.app.inject({ url: '/api/notifications', headers: { cookie: unverified.cookie } });
    expect(inApp.json().notifications).toHaveLength(1);

    // Verifying the address later lets the next digest go.
    const [mail] = await t.inbox.waitForMails(unverified.email, VERIFICATION_SUBJECT);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-verification/verify',
      payload: { token: tokenInMail(mail!, '/verify-email') },
    });
    expect(verify.statusCode).toBe(200);
    expect(await sendDigests(at + MINUTE)).toBe(1);
    expect(mailsTo(unverified)).toHaveLength(1);
  });
});
