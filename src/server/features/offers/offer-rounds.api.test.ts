import { beforeAll, describe, expect, it } from 'vitest';
import type { CollectionItem } from '#shared/schemas/collections.ts';
import type { Offer, OfferDetail } from '#shared/schemas/offers.ts';
import { registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import {
  addItem,
  getOffer,
  makeOffer,
  offerAction,
  postToOffer,
  recordLiveEvents,
} from '../../../../tests/helpers/collection-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

const NOT_YOUR_TURN = 'It is not your turn: this offer is waiting for the other collector to answer.';

describe('counter-offers and the conversation', () => {
  const t = useTestApp();
  let misty: TestUser;
  let ash: TestUser;
  let brock: TestUser;
  let charizard: CollectionItem;

  const detail = async (user: TestUser, offerId: string): Promise<OfferDetail> => {
    const response = await getOffer(t.app, user.cookie, offerId);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const counter = (user: TestUser, offerId: string, body: unknown) =>
    postToOffer(t.app, user.cookie, offerId, 'counter', body);
  const write = (user: TestUser | undefined, offerId: string, text: unknown) =>
    postToOffer(t.app, user?.cookie, offerId, 'messages', { text });
  const freshOffer = async (amount = 1000) => {
    const item = await addItem(t.app, misty, {
      cardName: 'Pikachu',
      cardNumber: '58/102',
      acceptingOffers: true,
    });
    return makeOffer(t.app, ash, { itemId: item.id, amount });
  };

  beforeAll(async () => {
    misty = await registerUser(t.app);
    ash = await registerUser(t.app);
    brock = await registerUser(t.app);
    charizard = await addItem(t.app, misty, { acceptingOffers: true });
  });

  describe('counter-offers', () => {
    let offer: Offer;

    beforeAll(async () => {
      offer = await makeOffer(t.app, ash, { itemId: charizard.id, amount: 2000, message: 'Fair price?' });
    });

    it('starts with the buyer’s round and awaits the owner', async () => {
      const seen = await detail(ash, offer.id);
      expect(seen).toMatchObject({ status: 'open', awaiting: 'owner', yourTurn: false, amount: 2000 });
      expect(seen.rounds).toEqual([
        { by: 'buyer', amount: 2000, message: 'Fair price?', at: offer.createdAt },
      ]);
      expect(seen.messages).toEqual([]);
      expect((await detail(misty, offer.id)).yourTurn).toBe(true);
    });

    it('refuses a counter out of turn with a 409 and keeps the rounds', async () => {
      const response = await counter(ash, offer.id, { amount: 1900 });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({ code: 'conflict', message: NOT_YOUR_TURN });
      expect((await detail(ash, offer.id)).rounds).toHaveLength(1);
    });

    it.each([
      { body: { amount: 0 }, message: 'An offer must be more than $0.' },
      { body: { amount: 10_000_000.01 }, message: 'Offers are at most $10,000,000.' },
      { body: { amount: 12.345 }, message: 'Use at most two decimals for cents.' },
      { body: { amount: '2500' }, message: 'Enter an amount in dollars, for example 2500.' },
      {
        body: { amount: 2500, message: 'x'.repeat(501) },
        message: 'Your message can be at most 500 characters.',
      },
    ])('holds a counter to the offer’s rules: $message', async ({ body, message }) => {
      const response = await counter(misty, offer.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
      expect((await detail(misty, offer.id)).rounds).toHaveLength(1);
    });

    it('lets the owner counter, passes the turn to the buyer and tells both', async () => {
      const ashHears = recordLiveEvents(t.app, ash.user.id);
      try {
        const response = await counter(misty, offer.id, { amount: 2600, message: '  Meet me at 2600  ' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          id: offer.id,
          status: 'open',
          amount: 2600,
          message: 'Fair price?',
          awaiting: 'buyer',
          yourTurn: false,
          direction: 'received',
        });
        await ashHears.waitFor((event) => event.type === 'offer' && event.userId === ash.user.id);
      } finally {
        ashHears.stop();
      }
      const seen = await detail(ash, offer.id);
      expect(seen).toMatchObject({ awaiting: 'buyer', yourTurn: true, amount: 2600 });
      expect(seen.rounds.map(({ by, amount, message }) => ({ by, amount, message }))).toEqual([
        { by: 'buyer', amount: 2000, message: 'Fair price?' },
        { by: 'owner', amount: 2600, message: 'Meet me at 2600' },
      ]);
      expect(Date.parse(seen.expiresAt!) - Date.parse(seen.rounds[1]!.at)).toBe(7 * 24 * 3600_000);
    });

    it('now refuses the owner’s accept, decline and counter as out of turn', async () => {
      for (const action of ['accept', 'decline']) {
        const response = await offerAction(t.app, misty.cookie, offer.id, action);
        expect(response.statusCode).toBe(409);
        expect(response.json().error.message).toBe(NOT_YOUR_TURN);
      }
      expect((await counter(misty, offer.id, { amount: 2700 })).statusCode).toBe(409);
    });

    it('lets the buyer counter back, and of two counters at once only one counts', async () => {
      const answers = await Promise.all([
        counter(ash, offer.id, { amount: 2300 }),
        counter(ash, offer.id, { amount: 2350 }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json();
      const seen = await detail(misty, offer.id);
      expect(seen.rounds).toHaveLength(3);
      expect(seen.rounds[2]).toMatchObject({ by: 'buyer', amount: winner.amount });
      expect(seen).toMatchObject({ awaiting: 'owner', yourTurn: true, amount: winner.amount });
    });

    it('accepts the last round’s amount when the awaited owner accepts, and ends the negotiation', async () => {
      const last = (await detail(misty, offer.id)).amount;
      const response = await offerAction(t.app, misty.cookie, offer.id, 'accept');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'accepted',
        amount: last,
        awaiting: null,
        expiresAt: null,
      });
      const again = await counter(ash, offer.id, { amount: 1 });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('This offer is no longer open.');
      expect((await offerAction(t.app, ash.cookie, offer.id, 'withdraw')).statusCode).toBe(409);
    });

    it('lets the buyer accept the owner’s counter', async () => {
      const second = await freshOffer(500);
      await counter(misty, second.id, { amount: 650 });
      expect((await offerAction(t.app, misty.cookie, second.id, 'accept')).statusCode).toBe(409);
      const response = await offerAction(t.app, ash.cookie, second.id, 'accept');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'accepted', amount: 650, direction: 'sent' });
    });

    it('lets the buyer decline the owner’s counter', async () => {
      const third = await freshOffer(400);
      await counter(misty, third.id, { amount: 480 });
      const response = await offerAction(t.app, ash.cookie, third.id, 'decline');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'declined', amount: 480 });
    });

    it('lets the buyer withdraw while it is their turn too', async () => {
      const fourth = await freshOffer(300);
      await counter(misty, fourth.id, { amount: 350 });
      const response = await offerAction(t.app, ash.cookie, fourth.id, 'withdraw');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'withdrawn', awaiting: null });
    });

    it('answers 404 to a stranger and 401 to a visitor', async () => {
      const response = await counter(brock, offer.id, { amount: 100 });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('We could not find this offer.');
      expect((await postToOffer(t.app, undefined, offer.id, 'counter', { amount: 100 })).statusCode).toBe(
        401,
      );
    });
  });

  describe('the conversation', () => {
    let offer: Offer;

    beforeAll(async () => {
      offer = await freshOffer(800);
    });

    it('shows the offer only to its two parties', async () => {
      expect((await getOffer(t.app, brock.cookie, offer.id)).statusCode).toBe(404);
      expect((await getOffer(t.app, brock.cookie, 'no-such-offer')).statusCode).toBe(404);
      expect((await getOffer(t.app, undefined, offer.id)).statusCode).toBe(401);
      expect((await detail(misty, offer.id)).direction).toBe('received');
      expect((await detail(ash, offer.id)).direction).toBe('sent');
    });

    it('keeps each party’s messages in order, as plain text, and tells the other party', async () => {
      const mistyHears = recordLiveEvents(t.app, misty.user.id);
      try {
        const first = await write(ash, offer.id, '  Is the slab scratched? <b>See</b> https://example.com  ');
        expect(first.statusCode).toBe(201);
        expect(first.json()).toEqual({
          id: expect.any(String),
          by: 'buyer',
          text: 'Is the slab scratched? <b>See</b> https://example.com',
          at: expect.stringMatching(/Z$/),
        });
        await mistyHears.waitFor((event) => event.type === 'offer' && event.userId === misty.user.id);
      } finally {
        mistyHears.stop();
      }
      expect((await write(misty, offer.id, 'No scratches.')).statusCode).toBe(201);
      const seen = await detail(misty, offer.id);
      expect(seen.messages.map(({ by, text }) => ({ by, text }))).toEqual([
        { by: 'buyer', text: 'Is the slab scratched? <b>See</b> https://example.com' },
        { by: 'owner', text: 'No scratches.' },
      ]);
      expect((await detail(ash, offer.id)).messages).toEqual(seen.messages);
    });

    it('takes 1,000 characters and refuses more, or nothing', async () => {
      expect((await write(ash, offer.id, 'é'.repeat(1000))).statusCode).toBe(201);
      const long = await write(ash, offer.id, 'x'.repeat(1001));
      expect(long.statusCode).toBe(400);
      expect(long.json().error.message).toContain('Your message can be at most 1,000 characters.');
      for (const text of ['   ', undefined, 42]) {
        const response = await write(ash, offer.id, text);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.message).toContain('Write a message.');
      }
      expect((await detail(ash, offer.id)).messages).toHaveLength(3);
    });

    it('answers 404 to a stranger writing and 401 to a visitor', async () => {
      const response = await write(brock, offer.id, 'Hello?');
      expect(response.statusCode).toBe(404);
      expect((await write(undefined, offer.id, 'Hello?')).statusCode).toBe(401);
      expect((await detail(misty, offer.id)).messages).toHaveLength(3);
    });

    it('goes on once the offer is accepted, and closes once it is declined', async () => {
      const accepted = await freshOffer(900);
      await offerAction(t.app, misty.cookie, accepted.id, 'accept');
      expect((await write(ash, accepted.id, 'When can you ship?')).statusCode).toBe(201);

      const declined = await freshOffer(100);
      await offerAction(t.app, misty.cookie, declined.id, 'decline');
      const response = await write(ash, declined.id, 'Why not?');
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: 'conflict',
        message: 'This offer has ended: no more messages can be sent.',
      });
    });
  });
});
