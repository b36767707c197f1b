import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/errors.ts';
import type { CollectionItem } from '#shared/schemas/collections.ts';
import type { Offer } from '#shared/schemas/offers.ts';
import { registerUser, someIp, type TestUser } from '../../../../tests/helpers/auth.ts';
import {
  addItem,
  makeOffer,
  offerAction,
  offersOf,
  postOffer,
  recordLiveEvents,
} from '../../../../tests/helpers/collection-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { OFFER_RATE_LIMIT } from './offers.routes.ts';

describe('offers API', () => {
  const t = useTestApp();
  let misty: TestUser;
  let ash: TestUser;
  let brock: TestUser;
  let charizard: CollectionItem;
  let notAccepting: CollectionItem;
  let wanted: CollectionItem;
  let firstOffer: Offer;

  beforeAll(async () => {
    misty = await registerUser(t.app);
    ash = await registerUser(t.app);
    brock = await registerUser(t.app);
    charizard = await addItem(t.app, misty, { acceptingOffers: true });
    notAccepting = await addItem(t.app, misty, {
      cardName: 'Blastoise',
      cardNumber: '2/102',
      acceptingOffers: false,
    });
    wanted = await addItem(t.app, misty, {
      list: 'wtb',
      cardName: 'Venusaur',
      cardNumber: '15/102',
      certNumber: null,
      acceptingOffers: false,
    });
  });

  describe('POST /api/offers', () => {
    it('refuses a visitor with "User must be logged in"', async () => {
      const response = await postOffer(t.app, undefined, { itemId: charizard.id, amount: 100 });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe('User must be logged in');
    });

    it('stores an offer, returns it whole and tells only the two parties', async () => {
      const mistyHears = recordLiveEvents(t.app, misty.user.id);
      const ashHears = recordLiveEvents(t.app, ash.user.id);
      const visitorHears = recordLiveEvents(t.app, null);
      try {
        const response = await postOffer(t.app, ash.cookie, {
          itemId: charizard.id,
          amount: 1234.5,
          message: '  Lovely card, would you take this?  ',
        });
        expect(response.statusCode).toBe(201);
        firstOffer = response.json();
        expect(firstOffer).toEqual({
          id: expect.any(String),
          status: 'open',
          amount: 1234.5,
          message: 'Lovely card, would you take this?',
          awaiting: 'owner',
          yourTurn: false,
          expiresAt: new Date(Date.parse(firstOffer.createdAt) + 7 * 24 * 3600_000).toISOString(),
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
          updatedAt: firstOffer.createdAt,
          direction: 'sent',
          item: {
            id: charizard.id,
            cardName: 'Charizard',
            cardNumber: '4/102',
            setId: 'base_set',
            imageUrl: '/card-images/base_set-4',
            grade: 9,
            gradingCompany: 'PSA',
            certNumber: '12345678',
          },
          otherParty: { id: misty.user.id, username: misty.user.username },
          deal: null,
        });
        await mistyHears.waitFor((event) => event.type === 'offer' && event.userId === misty.user.id);
        await ashHears.waitFor((event) => event.type === 'offer' && event.userId === ash.user.id);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(visitorHears.events.filter((event) => event.type === 'offer')).toEqual([]);
      } finally {
        mistyHears.stop();
        ashHears.stop();
        visitorHears.stop();
      }
    });

    it('shows the offer to the owner as received and to the sender as sent', async () => {
      const mine = await offersOf(t.app, misty);
      expect(mine.sent).toEqual([]);
      expect(mine.received).toEqual([
        {
          ...firstOffer,
          yourTurn: true,
          direction: 'received',
          otherParty: { id: ash.user.id, username: ash.user.username },
        },
      ]);
      expect(await offersOf(t.app, ash)).toEqual({ received: [], sent: [firstOffer] });
      expect(await offersOf(t.app, brock)).toEqual({ received: [], sent: [] });
    });

    it.each([
      {
        who: 'the owner',
        item: () => charizard,
        sender: () => misty,
        status: 403,
        message: 'You cannot make an offer on your own card.',
      },
      {
        who: 'a card not accepting offers',
        item: () => notAccepting,
        sender: () => brock,
        status: 403,
        message: 'This card is not accepting offers.',
      },
      {
        who: 'a Want to Buy card',
        item: () => wanted,
        sender: () => brock,
        status: 400,
        message: 'Offers can only be made on collected cards, not on Want to Buy cards.',
      },
      {
        who: 'a second open offer',
        item: () => charizard,
        sender: () => ash,
        status: 409,
        message: 'You already have an open offer on this card. Withdraw it to make a new one.',
      },
    ])('refuses an offer on $who', async ({ item, sender, status, message }) => {
      const response = await postOffer(t.app, sender().cookie, { itemId: item().id, amount: 50 });
      expect(response.statusCode).toBe(status);
      expect(response.json().error.message).toBe(message);
      expect((await offersOf(t.app, misty)).received.map((offer) => offer.id)).toEqual([firstOffer.id]);
    });

    it('answers 404 for a card that does not exist', async () => {
      const response = await postOffer(t.app, brock.cookie, { itemId: 'base_4_1', amount: 50 });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'not-found', message: 'We could not find this card.' });
    });

    it.each([
      { amount: 0, message: 'An offer must be more than $0.' },
      { amount: -5, message: 'An offer must be more than $0.' },
      { amount: 10_000_000.01, message: 'Offers are at most $10,000,000.' },
      { amount: 12.345, message: 'Use at most two decimals for cents.' },
      { amount: 1e-9, message: 'An offer must be more than $0.' },
      { amount: 5e-324, message: 'An offer must be more than $0.' },
      { amount: 0.004, message: 'An offer must be more than $0.' },
      { amount: 1e21, message: 'Offers are at most $10,000,000.' },
      { amount: '100', message: 'Enter an amount in dollars, for example 2500.' },
      { amount: undefined, message: 'Enter an amount in dollars, for example 2500.' },
    ])('refuses the amount $amount', async ({ amount, message }) => {
      const response = await postOffer(t.app, brock.cookie, { itemId: charizard.id, amount });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation',
        message,
        fields: { amount: message },
      });
    });

    it('refuses a message over 500 characters', async () => {
      const response = await postOffer(t.app, brock.cookie, {
        itemId: charizard.id,
        amount: 5,
        message: 'x'.repeat(501),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Your message can be at most 500 characters.');
    });

    it('takes the largest amount, in cents exactly, and a blank message as none', async () => {
      const offer = await makeOffer(t.app, brock, {
        itemId: charizard.id,
        amount: 10_000_000,
        message: '   ',
      });
      expect(offer).toMatchObject({ amount: 10_000_000, message: null, status: 'open' });
      const withdrawn = await offerAction(t.app, brock.cookie, offer.id, 'withdraw');
      expect(withdrawn.statusCode).toBe(200);
      const cents = await makeOffer(t.app, brock, { itemId: charizard.id, amount: 0.01 });
      expect(cents.amount).toBe(0.01);
    });
  });

  it('limits a collector to 20 offers in ten minutes, from whatever address', async () => {
    const owner = await registerUser(t.app);
    const gary = await registerUser(t.app);
    const item = await addItem(t.app, owner, { acceptingOffers: true });
    const offerFromNewAddress = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/offers',
        payload: { itemId: item.id, amount: 10 },
        headers: { cookie: gary.cookie },
        remoteAddress: someIp(),
      });
    for (let count = 0; count < OFFER_RATE_LIMIT.max; count += 1) {
      const made = await offerFromNewAddress();
      expect(made.statusCode).toBe(201);
      expect((await offerAction(t.app, gary.cookie, made.json().id, 'withdraw')).statusCode).toBe(200);
    }
    const refused = await offerFromNewAddress();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'rate-limited', message: MESSAGES.rateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await offersOf(t.app, gary)).sent.filter((offer) => offer.status === 'open')).toEqual([]);
    expect((await makeOffer(t.app, brock, { itemId: item.id, amount: 12 })).status).toBe('open');
  });

  it('refuses a visitor the offers lists', async () => {
    const response = await t.app.inject('/api/users/me/offers');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('User must be logged in');
  });
});
