import { describe, expect, it } from 'vitest';
import { enqueueOfferStepAlert } from '#server/notifications/notification-outbox.repository.ts';
import { notificationText } from '#shared/notification-text.ts';
import type { Notification, NotificationsResponse } from '#shared/schemas/notifications.ts';
import { registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import {
  addItem,
  makeOffer,
  offerAction,
  postToOffer,
  recordLiveEvents,
} from '../../../../tests/helpers/collection-factory.ts';
import { registerVerifiedUser, useTestAppWithInbox } from '../../../../tests/helpers/smtp-inbox.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

type App = ReturnType<typeof useTestApp>['app'];

async function notificationsOf(app: App, user: TestUser): Promise<NotificationsResponse> {
  const response = await app.inject({ url: '/api/notifications', headers: { cookie: user.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** What the collector's notifications about the offer say, oldest first, as the bell and the email say it. */
async function newsOf(app: App, user: TestUser, offerId: string): Promise<string[]> {
  const { notifications } = await notificationsOf(app, user);
  return notifications
    .filter((n) => n.offerId === offerId)
    .reverse()
    .map((n) => notificationText(n));
}

function expectOk(response: { statusCode: number; body: string }, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
}

describe('every offer step reaches the other collector, never the one who took it', () => {
  const t = useTestApp();

  it('tells the owner of a new offer, each party of the counters and messages, and the buyer of the accept', async () => {
    const [owner, buyer] = [await registerUser(t.app), await registerUser(t.app)];
    const o = owner.user.username;
    const b = buyer.user.username;
    const card = 'Charizard (Base Set) PSA 9';
    const item = await addItem(t.app, owner);
    const heard = recordLiveEvents(t.app, owner.user.id);

    const offer = await makeOffer(t.app, buyer, { itemId: item.id, amount: 1000, message: 'Hi' });
    await t.app.context.notifications.processPending();
    await heard.waitFor((event) => event.type === 'notification' && event.userId === owner.user.id);
    heard.stop();
    const [first] = (await notificationsOf(t.app, owner)).notifications;
    expect(first).toMatchObject<Partial<Notification>>({
      kind: 'offer-received',
      offerId: offer.id,
      actor: b,
      price: 1000,
      read: false,
    });

    expectOk(await postToOffer(t.app, owner.cookie, offer.id, 'counter', { amount: 1250 }));
    expectOk(await postToOffer(t.app, buyer.cookie, offer.id, 'counter', { amount: 1100 }));
    expectOk(
      await postToOffer(t.app, owner.cookie, offer.id, 'messages', { text: 'Shipping is tracked.' }),
      201,
    );
    expectOk(await offerAction(t.app, owner.cookie, offer.id, 'accept'));
    await t.app.context.notifications.processPending();

    expect(await newsOf(t.app, owner, offer.id)).toEqual([
      `${b} made an offer of $1,000.00 on your ${card}`,
      `${b} countered at $1,100.00 for ${card}`,
    ]);
    expect(await newsOf(t.app, buyer, offer.id)).toEqual([
      `${o} countered at $1,250.00 for ${card}`,
      `${o} sent you a message about ${card}`,
      `${o} accepted the offer of $1,100.00 on ${card}: it is now a deal`,
    ]);
    const { notifications } = await notificationsOf(t.app, buyer);
    expect(notifications.filter((n) => n.offerId === offer.id).map((n) => n.kind)).toEqual([
      'offer-accepted',
      'offer-message',
      'offer-countered',
    ]);
  });

  it('tells the other collector of an accept, a decline, a withdrawal and the other offers an accept declines', async () => {
    const [owner, buyer, other] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    const o = owner.user.username;
    const b = buyer.user.username;
    const item = await addItem(t.app, owner, { cardName: 'Blastoise', cardNumber: '2/102' });
    const card = 'Blastoise (Base Set) PSA 9';

    const accepted = await makeOffer(t.app, buyer, { itemId: item.id, amount: 400 });
    const passed = await makeOffer(t.app, other, { itemId: item.id, amount: 350 });
    expectOk(await offerAction(t.app, owner.cookie, accepted.id, 'accept'));
    await t.app.context.notifications.processPending();
    expect(await newsOf(t.app, buyer, accepted.id)).toEqual([
      `${o} accepted the offer of $400.00 on ${card}: it is now a deal`,
    ]);
    expect(await newsOf(t.app, other, passed.id)).toEqual([
      `${o} accepted another offer on ${card}, so your offer of $350.00 was declined`,
    ]);
    expect((await newsOf(t.app, owner, accepted.id)).filter((text) => text.includes('accepted'))).toEqual([]);

    const second = await addItem(t.app, owner, { cardName: 'Venusaur', cardNumber: '15/102' });
    const declined = await makeOffer(t.app, buyer, { itemId: second.id, amount: 90 });
    expectOk(await offerAction(t.app, owner.cookie, declined.id, 'decline'));
    const withdrawn = await makeOffer(t.app, buyer, { itemId: second.id, amount: 95 });
    expectOk(await offerAction(t.app, buyer.cookie, withdrawn.id, 'withdraw'));
    await t.app.context.notifications.processPending();
    expect(await newsOf(t.app, buyer, declined.id)).toEqual([
      `${o} declined the offer of $90.00 on Venusaur (Base Set) PSA 9`,
    ]);
    expect(await newsOf(t.app, owner, withdrawn.id)).toEqual([
      `${b} made an offer of $95.00 on your Venusaur (Base Set) PSA 9`,
      `${b} withdrew the offer of $95.00 on your Venusaur (Base Set) PSA 9`,
    ]);
    expect(await newsOf(t.app, buyer, withdrawn.id)).toEqual([]);
  });

  it('folds a burst of messages into one unread notification per conversation', async () => {
    const [owner, buyer] = [await registerUser(t.app), await registerUser(t.app)];
    const item = await addItem(t.app, owner, { cardName: 'Mewtwo', cardNumber: '10/102' });
    const offer = await makeOffer(t.app, buyer, { itemId: item.id, amount: 200 });
    for (const text of ['Is it centred?', 'Any print lines?', 'And the back?']) {
      expectOk(await postToOffer(t.app, buyer.cookie, offer.id, 'messages', { text }), 201);
    }
    await t.app.context.notifications.processPending();
    const messages = async () =>
      (await notificationsOf(t.app, owner)).notifications.filter(
        (n) => n.offerId === offer.id && n.kind === 'offer-message',
      );
    expect(await messages()).toHaveLength(1);
    expect((await notificationsOf(t.app, buyer)).notifications.filter((n) => n.offerId === offer.id)).toEqual(
      [],
    );

    // Opening the conversation marks its news read; the next message is news again.
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: owner.cookie },
      payload: { offerId: offer.id },
    });
    expectOk(read);
    expect((await notificationsOf(t.app, owner)).notifications.every((n) => n.read)).toBe(true);
    expectOk(await postToOffer(t.app, buyer.cookie, offer.id, 'messages', { text: 'Thanks!' }), 201);
    await t.app.context.notifications.processPending();
    expect((await messages()).map((n) => n.read)).toEqual([false, true]);
  });

  it('tells the other party of each deal mark, the completion and a cancellation, and takes a rating', async () => {
    const [owner, buyer] = [await registerUser(t.app), await registerUser(t.app)];
    const o = owner.user.username;
    const b = buyer.user.username;
    const item = await addItem(t.app, owner, { cardName: 'Pikachu', cardNumber: '58/102' });
    const card = 'Pikachu (Base Set) PSA 9';
    const offer = await makeOffer(t.app, buyer, { itemId: item.id, amount: 300 });
    expectOk(await offerAction(t.app, owner.cookie, offer.id, 'accept'));
    expectOk(await offerAction(t.app, owner.cookie, offer.id, 'complete'));
    expectOk(await offerAction(t.app, buyer.cookie, offer.id, 'complete'));
    expectOk(await postToOffer(t.app, buyer.cookie, offer.id, 'rating', { stars: 5 }), 201);
    await t.app.context.notifications.processPending();

    expect(await newsOf(t.app, buyer, offer.id)).toEqual([
      `${o} accepted the offer of $300.00 on ${card}: it is now a deal`,
      `${o} marked ${card} as sent: mark it received once it arrives`,
    ]);
    expect(await newsOf(t.app, owner, offer.id)).toEqual([
      `${b} made an offer of $300.00 on your ${card}`,
      `${b} marked their side too: the deal on ${card} for $300.00 is completed`,
      `${b} rated your deal on ${card}`,
    ]);

    const other = await addItem(t.app, owner, { cardName: 'Raichu', cardNumber: '14/102' });
    const cancelled = await makeOffer(t.app, buyer, { itemId: other.id, amount: 80 });
    expectOk(await offerAction(t.app, owner.cookie, cancelled.id, 'accept'));
    expectOk(await postToOffer(t.app, buyer.cookie, cancelled.id, 'cancel', { reason: 'Found one nearer.' }));
    await t.app.context.notifications.processPending();
    expect((await newsOf(t.app, owner, cancelled.id)).at(-1)).toBe(
      `${b} cancelled the deal on Raichu (Base Set) PSA 9 for $80.00`,
    );
    expect((await newsOf(t.app, buyer, cancelled.id)).some((text) => text.includes('cancelled'))).toBe(false);
  });

  it('makes each notification once when an outbox row is handled twice', async () => {
    const [owner, buyer] = [await registerUser(t.app), await registerUser(t.app)];
    const item = await addItem(t.app, owner, { cardName: 'Ninetales', cardNumber: '12/102' });
    const offer = await makeOffer(t.app, buyer, { itemId: item.id, amount: 150 });
    // The same step written again (a retried handling): one notification.
    await enqueueOfferStepAlert(t.app.context.database.db, offer.id, 'made', buyer.user.id, 1);
    await t.app.context.notifications.processPending();
    expect(await newsOf(t.app, owner, offer.id)).toHaveLength(1);
    // A collector who is not a party gets nothing from a forged step.
    const stranger = await registerUser(t.app);
    await enqueueOfferStepAlert(t.app.context.database.db, offer.id, 'message', stranger.user.id, 'x');
    await t.app.context.notifications.processPending();
    expect(await newsOf(t.app, owner, offer.id)).toHaveLength(1);
    expect(await newsOf(t.app, buyer, offer.id)).toEqual([]);
  });
});

describe('offer steps in the hourly email', () => {
  const t = useTestAppWithInbox();

  it('lists each step with a link to the offer, for collectors who get alert emails', async () => {
    const owner = await registerVerifiedUser(t);
    const buyer = await registerVerifiedUser(t);
    const item = await addItem(t.app, owner, { cardName: 'Gyarados', cardNumber: '6/102' });
    const offer = await makeOffer(t.app, buyer, { itemId: item.id, amount: 1250 });
    expectOk(await postToOffer(t.app, owner.cookie, offer.id, 'counter', { amount: 1400 }));
    await t.app.context.notifications.processPending();

    // The buyer turns alert emails off: only the owner is mailed.
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/email-preference',
      headers: { cookie: buyer.cookie },
      payload: { alertEmails: false },
    });
    expectOk(off);
    expect(await t.app.context.notifications.sendDigests(Date.now())).toBe(1);
    const mails = t.inbox.mails.filter((mail) => mail.headers.has('list-unsubscribe'));
    expect(mails.map((mail) => mail.to)).toEqual([[owner.email]]);
    const [mail] = mails;
    const text = `${buyer.user.username} made an offer of $1,250.00 on your Gyarados (Base Set) PSA 9`;
    expect(mail!.headers.get('subject')).toBe(`Holoscope: ${text}`);
    expect(mail!.body).toContain(`${text}: http://holoscope.test/offers/${offer.id}`);
  });
});
