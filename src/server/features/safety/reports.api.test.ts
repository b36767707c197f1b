import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/errors.ts';
import type { NotificationsResponse } from '#shared/schemas/notifications.ts';
import type { Offer } from '#shared/schemas/offers.ts';
import { type AdminReport, SAFETY_MESSAGES } from '#shared/schemas/safety.ts';
import { makeAdmin, registerUser, someIp, type TestUser } from '../../../../tests/helpers/auth.ts';
import {
  addItem,
  getOffer,
  makeOffer,
  offersOf,
  postOffer,
  postToOffer,
} from '../../../../tests/helpers/collection-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

describe('reports, the admins’ queue and suspension', () => {
  const t = useTestApp();
  let admin: TestUser;
  let misty: TestUser;
  let gary: TestUser;
  let brock: TestUser;
  let offer: Offer;
  let garysMessageId: string;

  const report = (by: TestUser | undefined, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: body,
      ...(by ? { headers: { cookie: by.cookie } } : {}),
    });
  const queue = async (): Promise<AdminReport[]> => {
    const response = await t.app.inject({ url: '/api/admin/reports', headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json().reports;
  };
  const adminPost = (url: string, cookie = admin.cookie) =>
    t.app.inject({ method: 'POST', url, headers: { cookie } });

  beforeAll(async () => {
    admin = await makeAdmin(t);
    misty = await registerUser(t.app);
    gary = await registerUser(t.app);
    brock = await registerUser(t.app);
    const card = await addItem(t.app, misty, { acceptingOffers: true });
    offer = await makeOffer(t.app, gary, { itemId: card.id, amount: 100 });
    const written = await postToOffer(t.app, gary.cookie, offer.id, 'messages', { text: 'Pay me off-site.' });
    expect(written.statusCode).toBe(201);
    garysMessageId = written.json().id;
  });

  it('refuses a visitor, bad input, a non-party and one’s own message or profile', async () => {
    expect((await report(undefined, { subject: 'profile', id: gary.user.id, reason: 'x' })).statusCode).toBe(
      401,
    );
    const noReason = await report(misty, { subject: 'profile', id: gary.user.id, reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(SAFETY_MESSAGES.reasonRequired);
    const long = await report(misty, { subject: 'profile', id: gary.user.id, reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(SAFETY_MESSAGES.reasonTooLong);
    const badSubject = await report(misty, { subject: 'card', id: gary.user.id, reason: 'Spam' });
    expect(badSubject.statusCode).toBe(400);
    expect(badSubject.json().error.message).toBe(SAFETY_MESSAGES.subjectRequired);

    const stranger = await report(brock, { subject: 'message', id: garysMessageId, reason: 'Scam' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toEqual({ code: 'not-found', message: SAFETY_MESSAGES.messageNotFound });
    const own = await report(gary, { subject: 'message', id: garysMessageId, reason: 'Oops' });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(SAFETY_MESSAGES.reportYourself);
    const unknown = await report(misty, { subject: 'profile', id: 'nobody', reason: 'Spam' });
    expect(unknown.statusCode).toBe(404);
  });

  it('files a report once: the same report again answers 200 with the open one', async () => {
    const first = await report(misty, {
      subject: 'message',
      id: garysMessageId,
      reason: ' Asks to pay off-site ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      subject: 'message',
      subjectId: garysMessageId,
      reason: 'Asks to pay off-site',
      status: 'open',
    });
    const again = await report(misty, { subject: 'message', id: garysMessageId, reason: 'Again' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const [listed, ...rest] = (await queue()).filter((queued) => queued.subjectId === garysMessageId);
    expect(rest).toEqual([]);
    expect(listed).toMatchObject({
      id: first.json().id,
      reason: 'Asks to pay off-site',
      reporter: { id: misty.user.id, username: misty.user.username },
      reported: { id: gary.user.id, username: gary.user.username, suspended: false },
      messageText: 'Pay me off-site.',
      offerId: offer.id,
    });
  });

  it('keeps the queue for admins: 401 for a visitor, 403 for a collector', async () => {
    const visitor = await t.app.inject({ url: '/api/admin/reports' });
    expect(visitor.statusCode).toBe(401);
    const collector = await t.app.inject({ url: '/api/admin/reports', headers: { cookie: misty.cookie } });
    expect(collector.statusCode).toBe(403);
    expect(collector.json().error.message).toBe(MESSAGES.adminAccessRequired);
    const suspend = await adminPost(`/api/admin/users/${gary.user.id}/suspend`, misty.cookie);
    expect(suspend.statusCode).toBe(403);
    expect(suspend.json().error.message).toBe(MESSAGES.adminRequired);
  });

  it('dismisses a report: it leaves the queue, a second dismissal is a 409 and an unknown one a 404', async () => {
    const filed = await report(brock, { subject: 'profile', id: misty.user.id, reason: 'Rude profile' });
    expect(filed.statusCode).toBe(201);
    const dismissed = await adminPost(`/api/admin/reports/${filed.json().id}/dismiss`);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().status).toBe('dismissed');
    expect((await queue()).map((queued) => queued.id)).not.toContain(filed.json().id);
    const twice = await adminPost(`/api/admin/reports/${filed.json().id}/dismiss`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(SAFETY_MESSAGES.reportNotOpen);
    expect((await adminPost('/api/admin/reports/nothing/dismiss')).statusCode).toBe(404);
    // Once dismissed, the same thing can be reported again.
    expect(
      (await report(brock, { subject: 'profile', id: misty.user.id, reason: 'Still rude' })).statusCode,
    ).toBe(201);
  });

  it('suspends an account: sessions end, sign-in is refused, open offers end and its reports resolve', async () => {
    const owner = await registerUser(t.app);
    const ownersCard = await addItem(t.app, owner, {
      acceptingOffers: true,
      cardName: 'Blastoise',
      cardNumber: '2/102',
    });
    const unrelated = await makeOffer(t.app, misty, { itemId: ownersCard.id, amount: 70 });
    const profileReport = await report(misty, { subject: 'profile', id: gary.user.id, reason: 'Scammer' });
    expect(profileReport.statusCode).toBe(201);
    const secondSession = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: gary.email, password: gary.password },
      remoteAddress: someIp(),
    });
    expect(secondSession.statusCode).toBe(200);
    const garyCard = await addItem(t.app, gary, {
      acceptingOffers: true,
      cardName: 'Venusaur',
      cardNumber: '15/102',
    });
    const onGarysCard = await makeOffer(t.app, owner, { itemId: garyCard.id, amount: 30 });

    expect((await adminPost(`/api/admin/users/${admin.user.id}/suspend`)).statusCode).toBe(400);
    expect((await adminPost('/api/admin/users/nobody/suspend')).statusCode).toBe(404);
    const suspended = await adminPost(`/api/admin/users/${gary.user.id}/suspend`);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({
      userId: gary.user.id,
      endedSessions: 2,
      endedOffers: 2,
      resolvedReports: 2,
    });

    const me = await t.app.inject({ url: '/api/users/me/offers', headers: { cookie: gary.cookie } });
    expect(me.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: gary.email, password: gary.password },
      remoteAddress: someIp(),
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toEqual({ code: 'forbidden', message: SAFETY_MESSAGES.suspended });
    expect(signIn.cookies.find((cookie) => cookie.value !== '' && cookie.name.includes('session'))).toBe(
      undefined,
    );
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: gary.email, password: 'not the password' },
      remoteAddress: someIp(),
    });
    expect(wrongPassword.statusCode).toBe(401);

    expect((await getOffer(t.app, misty.cookie, offer.id)).json().status).toBe('withdrawn');
    expect((await getOffer(t.app, owner.cookie, onGarysCard.id)).json().status).toBe('declined');
    // Each other party hears of it as of any withdrawal or decline.
    await t.app.context.notifications.processPending();
    const newsOf = async (user: TestUser, offerId: string) => {
      const response = await t.app.inject({ url: '/api/notifications', headers: { cookie: user.cookie } });
      return (response.json() as NotificationsResponse).notifications
        .filter((n) => n.offerId === offerId)
        .map((n) => n.kind);
    };
    expect(await newsOf(misty, offer.id)).toContain('offer-withdrawn');
    expect(await newsOf(owner, onGarysCard.id)).toContain('offer-declined');
    expect((await offersOf(t.app, misty)).sent.find((sent) => sent.id === unrelated.id)?.status).toBe('open');
    const refused = await postOffer(t.app, owner.cookie, { itemId: garyCard.id, amount: 31 });
    expect(refused.statusCode).toBe(403);
    expect((await queue()).filter((queued) => queued.reported.id === gary.user.id)).toEqual([]);

    const again = await adminPost(`/api/admin/users/${gary.user.id}/suspend`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      suspendedAt: suspended.json().suspendedAt,
      endedSessions: 0,
      endedOffers: 0,
      resolvedReports: 0,
    });
  });

  it('lists the new routes in the OpenAPI document', async () => {
    const document = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/users/{id}/block',
        '/api/reports',
        '/api/admin/reports',
        '/api/admin/reports/{id}/dismiss',
        '/api/admin/users/{id}/suspend',
      ]),
    );
  });
});
