import { beforeAll, describe, expect, it } from 'vitest';
import type { CollectionItem } from '#shared/schemas/collections.ts';
import type { Offer } from '#shared/schemas/offers.ts';
import { registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import {
  addItem,
  makeOffer,
  offerAction,
  offersOf,
  recordLiveEvents,
} from '../../../../tests/helpers/collection-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

describe('acting on offers', () => {
  const t = useTestApp();
  let misty: TestUser;
  let ash: TestUser;
  let brock: TestUser;
  let charizard: CollectionItem;
  let firstOffer: Offer;

  const statusOf = async (user: TestUser, offerId: string) => {
    const { received, sent } = await offersOf(t.app, user);
    return [...received, ...sent].find((offer) => offer.id === offerId)?.status;
  };

  beforeAll(async () => {
    misty = await registerUser(t.app);
    ash = await registerUser(t.app);
    brock = await registerUser(t.app);
    charizard = await addItem(t.app, misty, { acceptingOffers: true });
    firstOffer = await makeOffer(t.app, ash, { itemId: charizard.id, amount: 1234.5 });
    await makeOffer(t.app, brock, { itemId: charizard.id, amount: 0.01 });
  });

  describe('accept, decline and withdraw', () => {
    it('refuses a visitor', async () => {
      const response = await offerAction(t.app, undefined, firstOffer.id, 'accept');
      expect(response.statusCode).toBe(401);
    });

    it.each([
      { who: 'a third user declining', user: () => brock, action: 'decline' },
      { who: 'a third user withdrawing', user: () => brock, action: 'withdraw' },
    ])('answers 404 to $who and changes nothing', async ({ user, action }) => {
      const response = await offerAction(t.app, user().cookie, firstOffer.id, action);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'not-found', message: 'We could not find this offer.' });
      expect(await statusOf(misty, firstOffer.id)).toBe('open');
    });

    it.each([
      { who: 'the buyer accepting', action: 'accept' },
      { who: 'the buyer declining', action: 'decline' },
    ])('answers 409 to $who while the owner is awaited, and changes nothing', async ({ action }) => {
      const response = await offerAction(t.app, ash.cookie, firstOffer.id, action);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: 'conflict',
        message: 'It is not your turn: this offer is waiting for the other collector to answer.',
      });
      expect(await statusOf(misty, firstOffer.id)).toBe('open');
    });

    it('answers 403 to the owner withdrawing, and changes nothing', async () => {
      const response = await offerAction(t.app, misty.cookie, firstOffer.id, 'withdraw');
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({
        code: 'forbidden',
        message: 'Only the collector who made an offer can withdraw it. Decline it instead.',
      });
      expect(await statusOf(misty, firstOffer.id)).toBe('open');
    });

    it('lets the sender withdraw an open offer once, and then make a new one', async () => {
      const response = await offerAction(t.app, ash.cookie, firstOffer.id, 'withdraw');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: firstOffer.id, status: 'withdrawn', direction: 'sent' });
      expect(response.json().updatedAt >= firstOffer.updatedAt).toBe(true);
      const again = await offerAction(t.app, ash.cookie, firstOffer.id, 'withdraw');
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({ code: 'conflict', message: 'This offer is no longer open.' });
      const accept = await offerAction(t.app, misty.cookie, firstOffer.id, 'accept');
      expect(accept.statusCode).toBe(409);
      expect(await statusOf(misty, firstOffer.id)).toBe('withdrawn');
    });

    it('lets the owner decline an open offer, which the sender then sees', async () => {
      const offer = await makeOffer(t.app, ash, { itemId: charizard.id, amount: 900 });
      const ashHears = recordLiveEvents(t.app, ash.user.id);
      try {
        const response = await offerAction(t.app, misty.cookie, offer.id, 'decline');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: offer.id, status: 'declined', direction: 'received' });
        await ashHears.waitFor((event) => event.type === 'offer' && event.userId === ash.user.id);
      } finally {
        ashHears.stop();
      }
      expect(await statusOf(ash, offer.id)).toBe('declined');
      expect((await offerAction(t.app, ash.cookie, offer.id, 'withdraw')).statusCode).toBe(409);
    });

    it('accepting one offer declines the other open offers on the card and tells their senders', async () => {
      const brockOpen = (await offersOf(t.app, brock)).sent.find((offer) => offer.status === 'open');
      expect(brockOpen).toBeDefined();
      const offer = await makeOffer(t.app, ash, { itemId: charizard.id, amount: 2500 });
      const brockHears = recordLiveEvents(t.app, brock.user.id);
      try {
        const response = await offerAction(t.app, misty.cookie, offer.id, 'accept');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ status: 'accepted', amount: 2500 });
        await brockHears.waitFor((event) => event.type === 'offer' && event.userId === brock.user.id);
      } finally {
        brockHears.stop();
      }
      expect(await statusOf(ash, offer.id)).toBe('accepted');
      expect(await statusOf(brock, brockOpen!.id)).toBe('declined');
    });

    it('lets exactly one of two simultaneous accepts win; the other gets 409', async () => {
      const mew = await addItem(t.app, misty, {
        cardName: 'Mewtwo',
        cardNumber: '10/102',
        acceptingOffers: true,
      });
      const offer = await makeOffer(t.app, brock, { itemId: mew.id, amount: 300 });
      const answers = await Promise.all([
        offerAction(t.app, misty.cookie, offer.id, 'accept'),
        offerAction(t.app, misty.cookie, offer.id, 'accept'),
        offerAction(t.app, brock.cookie, offer.id, 'withdraw'),
      ]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([200, 409, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json();
      expect(await statusOf(misty, offer.id)).toBe(winner.status);
    });

    it('never accepts two offers on one card, even when both are accepted at once', async () => {
      const gyarados = await addItem(t.app, misty, {
        cardName: 'Gyarados',
        cardNumber: null,
        acceptingOffers: true,
      });
      const offers = [
        await makeOffer(t.app, ash, { itemId: gyarados.id, amount: 400 }),
        await makeOffer(t.app, brock, { itemId: gyarados.id, amount: 410 }),
      ];
      const answers = await Promise.all(
        offers.map((offer) => offerAction(t.app, misty.cookie, offer.id, 'accept')),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const statuses = await Promise.all(offers.map((offer) => statusOf(misty, offer.id)));
      expect(statuses.sort()).toEqual(['accepted', 'declined']);
    });
  });

  it('removing a card removes its offers from both lists and tells the senders', async () => {
    const ditto = await addItem(t.app, misty, {
      setId: 'fossil_set',
      cardName: 'Ditto',
      cardNumber: null,
      acceptingOffers: true,
    });
    const offer = await makeOffer(t.app, ash, { itemId: ditto.id, amount: 75 });
    const ashHears = recordLiveEvents(t.app, ash.user.id);
    try {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/me/collection/${ditto.id}`,
        headers: { cookie: misty.cookie },
      });
      expect(response.statusCode).toBe(204);
      await ashHears.waitFor((event) => event.type === 'offer' && event.userId === ash.user.id);
    } finally {
      ashHears.stop();
    }
    expect(await statusOf(ash, offer.id)).toBeUndefined();
    expect(await statusOf(misty, offer.id)).toBeUndefined();
  });
});
