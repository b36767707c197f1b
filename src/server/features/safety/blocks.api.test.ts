import { beforeEach, describe, expect, it } from 'vitest';
import type { CollectionItem } from '#shared/schemas/collections.ts';
import { SAFETY_MESSAGES } from '#shared/schemas/safety.ts';
import { registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import {
  addItem,
  getOffer,
  makeOffer,
  offersOf,
  postOffer,
  postToOffer,
} from '../../../../tests/helpers/collection-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

describe('blocking a collector', () => {
  const t = useTestApp();
  let misty: TestUser;
  let gary: TestUser;
  let mistyCard: CollectionItem;
  let garyCard: CollectionItem;

  const block = (by: TestUser, id: string, method: 'POST' | 'DELETE' = 'POST') =>
    t.app.inject({ method, url: `/api/users/${id}/block`, headers: { cookie: by.cookie } });
  const profile = (viewer: TestUser | undefined, id: string) =>
    t.app.inject({ url: `/api/users/${id}`, ...(viewer ? { headers: { cookie: viewer.cookie } } : {}) });

  beforeEach(async () => {
    misty = await registerUser(t.app);
    gary = await registerUser(t.app);
    mistyCard = await addItem(t.app, misty, { acceptingOffers: true });
    garyCard = await addItem(t.app, gary, {
      acceptingOffers: true,
      cardName: 'Blastoise',
      cardNumber: '2/102',
    });
  });

  it('refuses a visitor, yourself and an unknown collector', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: `/api/users/${gary.user.id}/block` });
    expect(visitor.statusCode).toBe(401);
    const yourself = await block(misty, misty.user.id);
    expect(yourself.statusCode).toBe(400);
    expect(yourself.json().error).toEqual({ code: 'validation', message: SAFETY_MESSAGES.blockYourself });
    const unknown = await block(misty, 'no-such-collector');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(SAFETY_MESSAGES.collectorNotFound);
    expect((await block(misty, 'no-such-collector', 'DELETE')).statusCode).toBe(404);
  });

  it('is idempotent both ways and shows on the profile only to the blocker', async () => {
    expect((await profile(misty, gary.user.id)).json().blockedByYou).toBe(false);
    expect((await block(misty, gary.user.id)).statusCode).toBe(204);
    expect((await block(misty, gary.user.id)).statusCode).toBe(204);
    expect((await profile(misty, gary.user.id)).json().blockedByYou).toBe(true);
    expect((await profile(gary, misty.user.id)).json().blockedByYou).toBe(false);
    expect((await profile(undefined, gary.user.id)).json().blockedByYou).toBe(false);
    expect((await block(misty, gary.user.id, 'DELETE')).statusCode).toBe(204);
    expect((await block(misty, gary.user.id, 'DELETE')).statusCode).toBe(204);
    expect((await profile(misty, gary.user.id)).json().blockedByYou).toBe(false);
  });

  it('declines the open offers between the two, hides them from the blocker and refuses new ones with 403', async () => {
    const garysOffer = await makeOffer(t.app, gary, { itemId: mistyCard.id, amount: 100 });
    const mistysOffer = await makeOffer(t.app, misty, { itemId: garyCard.id, amount: 50 });
    expect((await block(misty, gary.user.id)).statusCode).toBe(204);

    const garySees = await offersOf(t.app, gary);
    expect(garySees.sent.find((offer) => offer.id === garysOffer.id)?.status).toBe('declined');
    expect(garySees.received.find((offer) => offer.id === mistysOffer.id)?.status).toBe('declined');
    const mistySees = await offersOf(t.app, misty);
    expect(mistySees.received).toEqual([]);
    expect(mistySees.sent).toEqual([]);

    const offer = await postOffer(t.app, gary.cookie, { itemId: mistyCard.id, amount: 120 });
    expect(offer.statusCode).toBe(403);
    expect(offer.json().error).toEqual({ code: 'forbidden', message: SAFETY_MESSAGES.blockedByThem });
    const back = await postOffer(t.app, misty.cookie, { itemId: garyCard.id, amount: 60 });
    expect(back.statusCode).toBe(403);
    expect(back.json().error.message).toBe(SAFETY_MESSAGES.blockedByYou);
    expect((await offersOf(t.app, gary)).sent.filter((sent) => sent.status === 'open')).toEqual([]);
  });

  it('refuses counters and messages on an offer between them, and unblocking restores offers', async () => {
    const accepted = await makeOffer(t.app, gary, { itemId: mistyCard.id, amount: 100 });
    const acceptance = await t.app.inject({
      method: 'POST',
      url: `/api/offers/${accepted.id}/accept`,
      headers: { cookie: misty.cookie },
    });
    expect(acceptance.statusCode).toBe(200);
    const open = await makeOffer(t.app, misty, { itemId: garyCard.id, amount: 40 });
    const counter = await postToOffer(t.app, gary.cookie, open.id, 'counter', { amount: 45 });
    expect(counter.statusCode).toBe(200);

    expect((await block(gary, misty.user.id)).statusCode).toBe(204);
    // The agreed deal goes on (it can still be completed or cancelled); talking on it is refused.
    const message = await postToOffer(t.app, misty.cookie, accepted.id, 'messages', { text: 'Hello?' });
    expect(message.statusCode).toBe(403);
    expect(message.json().error).toEqual({ code: 'forbidden', message: SAFETY_MESSAGES.blockedByThem });
    const fromBlocker = await postToOffer(t.app, gary.cookie, accepted.id, 'messages', { text: 'Bye' });
    expect(fromBlocker.statusCode).toBe(403);
    expect(fromBlocker.json().error.message).toBe(SAFETY_MESSAGES.blockedByYou);
    const counterAgain = await postToOffer(t.app, misty.cookie, open.id, 'counter', { amount: 44 });
    expect(counterAgain.statusCode).toBe(403);
    expect(counterAgain.json().error.message).toBe(SAFETY_MESSAGES.blockedByThem);
    expect((await getOffer(t.app, misty.cookie, open.id)).json().status).toBe('declined');
    expect((await getOffer(t.app, misty.cookie, accepted.id)).json().deal.status).toBe('agreed');
    const thread = await getOffer(t.app, misty.cookie, accepted.id);
    expect(thread.json().messages).toEqual([]);

    expect((await block(gary, misty.user.id, 'DELETE')).statusCode).toBe(204);
    expect((await postToOffer(t.app, misty.cookie, accepted.id, 'messages', { text: 'Hi' })).statusCode).toBe(
      201,
    );
    expect((await makeOffer(t.app, misty, { itemId: garyCard.id, amount: 41 })).status).toBe('open');
    expect((await offersOf(t.app, gary)).received.map((offer) => offer.id)).toContain(open.id);
  });
});
