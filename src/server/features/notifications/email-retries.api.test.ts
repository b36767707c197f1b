import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '#server/env.ts';
import { importRecords, notificationsOf, saleRecord, watch } from '../../../../tests/helpers/alerts.ts';
import { makeAdmin, registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import { registerVerifiedUser, useTestAppWithInbox } from '../../../../tests/helpers/smtp-inbox.ts';
import { type SmtpInbox, startSmtpInbox } from '../../../../tests/helpers/smtp-server.ts';
import { type TestApp, useTestApp } from '../../../../tests/helpers/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A collector with a verified address watching `card`, a sale of it imported and turned into their alert.
 * With an inbox the address is verified through its mail; where no mail server answers, in the database.
 */
async function collectorWithAlert(t: TestApp, card: string, saleId: string, price: number) {
  const collector =
    'inbox' in t
      ? await registerVerifiedUser(t as TestApp & { inbox: SmtpInbox })
      : await registerUser(t.app);
  if (!('inbox' in t)) {
    await t.database.handle.db
      .updateTable('users')
      .set({ email_verified_at: new Date().toISOString() })
      .where('id', '=', collector.user.id)
      .execute();
  }
  await watch(t.app, collector, { set: 'base', card });
  const admin = await makeAdmin(t);
  await importRecords(t.app, admin, [saleRecord({ id: saleId, card_name: card, price })]);
  await t.app.context.notifications.processPending();
  return collector;
}

/** How many of the collector's alerts no accepted email has carried yet. */
async function notEmailed(t: TestApp, collector: TestUser): Promise<number> {
  const rows = await t.database.handle.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', collector.user.id)
    .where('emailed_at', 'is', null)
    .execute();
  return rows.length;
}

/** The collector's digests as recorded: status, attempts and the server's last refusal. */
async function digestsOf(t: TestApp, collector: TestUser) {
  return t.database.handle.db
    .selectFrom('alert_emails')
    .select(['status', 'attempts', 'last_error'])
    .where('user_id', '=', collector.user.id)
    .orderBy('id')
    .execute();
}

describe('alert emails the mail server refuses', () => {
  const t = useTestAppWithInbox();

  const sendDigests = (at: number) => t.app.context.notifications.sendDigests(at);
  // Alert emails offered: the collector's verification email came first.
  const offeredTo = (user: TestUser) =>
    t.inbox.offered.filter((address) => address === user.email).length - 1;
  // Alert emails only: the collector's verification email is not one of them.
  const mailsTo = (user: TestUser) =>
    t.inbox.mails.filter((mail) => mail.to.includes(user.email) && mail.headers.has('list-unsubscribe'));

  it('tries again after a temporary refusal (451) and sends the digest exactly once', async () => {
    const collector = await collectorWithAlert(t, 'Ninetales', 'retry-451', 3_100);
    t.inbox.refuse(collector.email, 451, 1);
    const start = Date.now();

    expect(await sendDigests(start)).toBe(0);
    expect(offeredTo(collector)).toBe(1);
    expect(mailsTo(collector)).toEqual([]);
    expect(await notEmailed(t, collector)).toBe(1);
    expect(await digestsOf(t, collector)).toEqual([
      { status: 'pending', attempts: 1, last_error: '451 4.7.1 Greylisted, please try again later' },
    ]);

    // Not before its wait is over; then once, and never again.
    await sendDigests(start + 30_000);
    expect(offeredTo(collector)).toBe(1);
    expect(await sendDigests(start + 2 * MINUTE)).toBe(1);
    for (const later of [3 * MINUTE, 20 * MINUTE, 2 * HOUR, 5 * HOUR]) await sendDigests(start + later);
    expect(offeredTo(collector)).toBe(2);
    expect(mailsTo(collector)).toHaveLength(1);
    expect(mailsTo(collector)[0]!.headers.get('subject')).toBe(
      'Holoscope: Ninetales (Base Set) PSA 9 sold for $3,100.00',
    );
    expect(await notEmailed(t, collector)).toBe(0);
    expect(await digestsOf(t, collector)).toEqual([{ status: 'sent', attempts: 2, last_error: null }]);
  });

  it('gives up on a permanent refusal (550) at once, records it, and leaves the alert in the app', async () => {
    const collector = await collectorWithAlert(t, 'Raichu', 'refuse-550', 3_200);
    t.inbox.refuse(collector.email, 550);
    const start = Date.now();

    for (const later of [0, 2 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR]) {
      expect(await sendDigests(start + later)).toBe(0);
    }
    expect(offeredTo(collector)).toBe(1);
    expect(await digestsOf(t, collector)).toEqual([
      { status: 'failed', attempts: 1, last_error: '550 5.1.1 Mailbox unavailable' },
    ]);
    expect(await notEmailed(t, collector)).toBe(1);
    expect((await notificationsOf(t.app, collector)).notifications).toHaveLength(1);
    // The Alert emails switch tells the collector their email was refused, and why.
    const preference = await t.app.inject({
      url: '/api/notifications/email-preference',
      headers: { cookie: collector.cookie },
    });
    expect(preference.json()).toEqual({
      alertEmails: true,
      undelivered: { at: expect.any(String), reason: '550 5.1.1 Mailbox unavailable' },
    });
  });

  it('stops after six attempts when the refusals are temporary every time', async () => {
    const collector = await collectorWithAlert(t, 'Zapdos', 'refuse-451-always', 3_300);
    t.inbox.refuse(collector.email, 451);
    const start = Date.now();

    for (let hour = 0; hour <= 12; hour += 1) await sendDigests(start + hour * HOUR);
    expect(offeredTo(collector)).toBe(6);
    expect(await digestsOf(t, collector)).toMatchObject([{ status: 'failed', attempts: 6 }]);
    expect(mailsTo(collector)).toEqual([]);
    expect(await notEmailed(t, collector)).toBe(1);
  });

  it('sends a later alert in a digest of its own once the hour has passed', async () => {
    const collector = await collectorWithAlert(t, 'Magneton', 'refused-first', 3_400);
    t.inbox.refuse(collector.email, 550, 1);
    const start = Date.now();
    await sendDigests(start);
    const admin = await makeAdmin(t);
    await importRecords(t.app, admin, [
      saleRecord({ id: 'after-refusal', card_name: 'Magneton', price: 3_450 }),
    ]);
    await t.app.context.notifications.processPending();

    expect(await sendDigests(start + 30 * MINUTE)).toBe(0);
    expect(await sendDigests(start + 61 * MINUTE)).toBe(1);
    const [mail] = mailsTo(collector);
    expect(mail!.headers.get('subject')).toBe('Holoscope: Magneton (Base Set) PSA 9 sold for $3,450.00');
    expect(await digestsOf(t, collector)).toMatchObject([{ status: 'failed' }, { status: 'sent' }]);
    const preference = await t.app.inject({
      url: '/api/notifications/email-preference',
      headers: { cookie: collector.cookie },
    });
    expect(preference.json()).toEqual({ alertEmails: true, undelivered: null });
  });
});

/** A local port nothing listens on: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('alert emails while the mail server cannot be reached', () => {
  let port: number;
  let inbox: SmtpInbox | undefined;
  const overrides: Partial<Config> = { publicOrigin: 'http://holoscope.test' };
  beforeAll(async () => {
    port = await closedPort();
    overrides.smtpUrl = `smtp://127.0.0.1:${port}`;
  });
  afterAll(() => inbox?.close());
  const t = useTestApp(overrides);

  it('keeps the import and the alert working, and sends the digest once the server is back', async () => {
    const collector = await collectorWithAlert(t, 'Gyarados', 'unreachable', 3_500);
    expect((await notificationsOf(t.app, collector)).notifications).toHaveLength(1);
    const start = Date.now();

    expect(await t.app.context.notifications.sendDigests(start)).toBe(0);
    expect(await digestsOf(t, collector)).toMatchObject([{ status: 'pending', attempts: 1 }]);
    expect(await notEmailed(t, collector)).toBe(1);

    inbox = await startSmtpInbox({ port });
    expect(await t.app.context.notifications.sendDigests(start + 2 * MINUTE)).toBe(1);
    expect(inbox.mails.filter((mail) => mail.to.includes(collector.email))).toHaveLength(1);
    expect(await notEmailed(t, collector)).toBe(0);
  });
});
