import { describe, expect, it } from 'vitest';
import { importRecords, saleRecord, watch } from '../../../../tests/helpers/alerts.ts';
import { makeAdmin, registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import { registerVerifiedUser, useTestAppWithInbox } from '../../../../tests/helpers/smtp-inbox.ts';

const MINUTE = 60_000;
const PREFERENCE = '/api/notifications/email-preference';

describe('the Alert emails switch', () => {
  const t = useTestAppWithInbox();

  const preferenceOf = async (user: TestUser) =>
    (await t.app.inject({ url: PREFERENCE, headers: { cookie: user.cookie } })).json();
  const turn = (user: TestUser, alertEmails: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: PREFERENCE,
      payload: { alertEmails },
      headers: { cookie: user.cookie },
    });
  // Alert emails only: the collector's verification email is not one of them.
  const mailsTo = (user: TestUser) =>
    t.inbox.mails.filter((mail) => mail.to.includes(user.email) && mail.headers.has('list-unsubscribe'));

  it('is for signed-in collectors only, and refuses anything but on or off', async () => {
    for (const request of [
      { method: 'GET' as const, url: PREFERENCE },
      { method: 'PUT' as const, url: PREFERENCE, payload: { alertEmails: true } },
    ]) {
      const visitor = await t.app.inject(request);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error.code).toBe('unauthenticated');
    }
    const collector = await registerUser(t.app);
    for (const payload of [{}, { alertEmails: 'yes' }, { alertEmails: 1 }, { alertEmails: null }]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: PREFERENCE,
        payload,
        headers: { cookie: collector.cookie },
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation',
        message: 'Alert emails is on or off.',
        fields: { alertEmails: 'Alert emails is on or off.' },
      });
    }
    expect(await preferenceOf(collector)).toEqual({ alertEmails: true, undelivered: null });
  });

  it('is on for a new collector, and stays as it was last set', async () => {
    const collector = await registerUser(t.app);
    const other = await registerUser(t.app);
    expect(await preferenceOf(collector)).toEqual({ alertEmails: true, undelivered: null });
    const off = await turn(collector, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ alertEmails: false, undelivered: null });
    expect(await preferenceOf(collector)).toEqual({ alertEmails: false, undelivered: null });
    expect(await preferenceOf(other)).toEqual({ alertEmails: true, undelivered: null });
    expect((await turn(collector, false)).json()).toEqual({ alertEmails: false, undelivered: null });
    expect((await turn(collector, true)).json()).toEqual({ alertEmails: true, undelivered: null });
    expect(await preferenceOf(collector)).toEqual({ alertEmails: true, undelivered: null });
  });

  it('turned on after an email’s unsubscribe link, resumes the digest with the alerts from then on', async () => {
    const collector = await registerVerifiedUser(t);
    await watch(t.app, collector, { set: 'jungle', card: 'Scyther' });
    const admin = await makeAdmin(t);
    const newSale = async (id: string, price: number) => {
      await importRecords(t.app, admin, [
        saleRecord({ id, set_id: 'jungle_set', card_name: 'Scyther', price }),
      ]);
      await t.app.context.notifications.processPending();
    };
    const sendDigests = (at: number) => t.app.context.notifications.sendDigests(at);
    const start = Date.now();

    await newSale('before-unsubscribe', 410);
    await sendDigests(start);
    const [first] = mailsTo(collector);
    const oneClick = /<([^>]+)>/.exec(first!.headers.get('list-unsubscribe') ?? '')?.[1];
    const link = new URL(oneClick!);
    const unsubscribed = await t.app.inject({ method: 'POST', url: `${link.pathname}${link.search}` });
    expect(unsubscribed.json()).toEqual({ unsubscribed: true });
    expect(await preferenceOf(collector)).toEqual({ alertEmails: false, undelivered: null });

    await newSale('while-unsubscribed', 420);
    await sendDigests(start + 120 * MINUTE);
    expect(mailsTo(collector)).toHaveLength(1);

    expect((await turn(collector, true)).json()).toEqual({ alertEmails: true, undelivered: null });
    await newSale('after-resubscribe', 430);
    await sendDigests(start + 121 * MINUTE);
    expect(mailsTo(collector)).toHaveLength(2);
    const resumed = mailsTo(collector)[1]!;
    expect(resumed.headers.get('subject')).toBe('Holoscope: Scyther (Jungle) PSA 9 sold for $430.00');
    expect(resumed.body).not.toContain('$420.00');

    // Still at most one an hour.
    await newSale('within-the-hour', 440);
    await sendDigests(start + 150 * MINUTE);
    expect(mailsTo(collector)).toHaveLength(2);
    await sendDigests(start + 182 * MINUTE);
    expect(mailsTo(collector)).toHaveLength(3);
    expect(mailsTo(collector)[2]!.headers.get('subject')).toBe(
      'Holoscope: Scyther (Jungle) PSA 9 sold for $440.00',
    );

    // Off from the app is the same as the link: nothing more is sent.
    expect((await turn(collector, false)).json()).toEqual({ alertEmails: false, undelivered: null });
    await newSale('switched-off', 450);
    await sendDigests(start + 300 * MINUTE);
    expect(mailsTo(collector)).toHaveLength(3);
  });
});
