import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationsResponse } from '#shared/schemas/notifications.ts';
import type { OfferDetail } from '#shared/schemas/offers.ts';
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
import { expireDueOffers } from './offers.service.ts';

const DAY = 24 * 3600_000;

describe('offers expire after seven days without an answer', () => {
  const t = useTestApp();
  let misty: TestUser;
  let ash: TestUser;
  const start = Date.parse('2031-03-02T09:00:00.000Z');

  const detail = async (user: TestUser, offerId: string): Promise<OfferDetail> => {
    const response = await getOffer(t.app, user.cookie, offerId);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const notificationsOf = async (user: TestUser): Promise<NotificationsResponse> =>
    (await t.app.inject({ url: '/api/notifications', headers: { cookie: user.cookie } })).json();
  const expireAt = (at: number) => expireDueOffers(t.app.context, new Date(at));

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    misty = await registerUser(t.app);
    ash = await registerUser(t.app);
    vi.useRealTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the seven days from the last round, then expires the offer and tells both parties', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const item = await addItem(t.app, misty, { acceptingOffers: true });
    const offer = await makeOffer(t.app, ash, { itemId: item.id, amount: 1500 });
    expect(offer.expiresAt).toBe(new Date(start + 7 * DAY).toISOString());

    vi.setSystemTime(start + 4 * DAY);
    expect((await postToOffer(t.app, misty.cookie, offer.id, 'counter', { amount: 1800 })).statusCode).toBe(
      200,
    );
    expect((await detail(ash, offer.id)).yourTurn).toBe(true);
    expect(await expireAt(start + 7 * DAY + 60_000)).toBe(0);

    vi.setSystemTime(start + 8 * DAY);
    expect(await detail(misty, offer.id)).toMatchObject({ status: 'open' });
    expect(await detail(ash, offer.id)).toMatchObject({
      status: 'open',
      expiresAt: new Date(start + 11 * DAY).toISOString(),
    });

    // Past the deadline nobody can act on it, even before the sweep reaches it.
    vi.setSystemTime(start + 11 * DAY + 1000);
    const late = await offerAction(t.app, ash.cookie, offer.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual({
      code: 'conflict',
      message: 'This offer expired after 7 days without an answer.',
    });

    const ashHears = recordLiveEvents(t.app, ash.user.id);
    try {
      expect(await expireAt(start + 11 * DAY + 1000)).toBe(1);
      await ashHears.waitFor((event) => event.type === 'offer' && event.userId === ash.user.id);
    } finally {
      ashHears.stop();
    }
    expect(await expireAt(start + 12 * DAY)).toBe(0);

    for (const user of [ash, misty]) {
      expect(await detail(user, offer.id)).toMatchObject({
        status: 'expired',
        awaiting: null,
        yourTurn: false,
        expiresAt: null,
        amount: 1800,
      });
    }
    const refused = await offerAction(t.app, ash.cookie, offer.id, 'withdraw');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This offer is no longer open.');
    expect(
      (await postToOffer(t.app, ash.cookie, offer.id, 'messages', { text: 'Still there?' })).statusCode,
    ).toBe(409);

    await t.app.context.notifications.processPending();
    for (const user of [ash, misty]) {
      const { notifications } = await notificationsOf(user);
      expect(notifications.filter((n) => n.kind === 'offer-expired')).toEqual([
        expect.objectContaining({
          kind: 'offer-expired',
          offerId: offer.id,
          itemId: item.id,
          ownerId: misty.user.id,
          cardName: 'Charizard',
          price: 1800,
          read: false,
        }),
      ]);
    }
  });

  it('leaves offers that ended or are still in time alone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 20 * DAY);
    const [owner, buyer] = [await registerUser(t.app), await registerUser(t.app)];
    const item = await addItem(t.app, owner, {
      cardName: 'Pikachu',
      cardNumber: '58/102',
      acceptingOffers: true,
    });
    const declined = await makeOffer(t.app, buyer, { itemId: item.id, amount: 50 });
    await offerAction(t.app, owner.cookie, declined.id, 'decline');
    const open = await makeOffer(t.app, buyer, { itemId: item.id, amount: 60 });

    expect(await expireAt(start + 27 * DAY - 1000)).toBe(0);
    vi.setSystemTime(start + 26 * DAY);
    expect(await expireAt(start + 27 * DAY)).toBe(1);
    expect((await detail(owner, declined.id)).status).toBe('declined');
    expect((await detail(owner, open.id)).status).toBe('expired');
  });
});
