import { beforeAll, describe, expect, it } from 'vitest';
import type { CollectionItem, CollectionResponse, CollectorsResponse } from '#shared/schemas/collections.ts';
import type { NotificationsResponse } from '#shared/schemas/notifications.ts';
import type { Offer, OfferDetail } from '#shared/schemas/offers.ts';
import { registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import {
  addItem,
  getOffer,
  makeOffer,
  offerAction,
  postOffer,
  postToOffer,
  recordLiveEvents,
} from '../../../../tests/helpers/collection-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

const CARD_IN_DEAL =
  'This card is in an agreed deal and takes no new offers until the deal is completed or cancelled.';

describe('an accepted offer is a deal', () => {
  const t = useTestApp();
  let misty: TestUser;
  let ash: TestUser;
  let brock: TestUser;

  const detail = async (user: TestUser, offerId: string): Promise<OfferDetail> => {
    const response = await getOffer(t.app, user.cookie, offerId);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const complete = (user: TestUser | undefined, offerId: string) =>
    offerAction(t.app, user?.cookie, offerId, 'complete');
  const cancel = (user: TestUser | undefined, offerId: string, body: unknown) =>
    postToOffer(t.app, user?.cookie, offerId, 'cancel', body);
  const collectionOf = async (user: TestUser): Promise<CollectionResponse> =>
    (
      await t.app.inject({ url: `/api/users/${user.user.id}/collection`, headers: { cookie: user.cookie } })
    ).json();
  const collectorsOf = async (cardName: string): Promise<CollectorsResponse> =>
    (await t.app.inject({ url: `/api/collectors?set=base_set&card=${encodeURIComponent(cardName)}` })).json();
  const notificationsOf = async (user: TestUser): Promise<NotificationsResponse> =>
    (await t.app.inject({ url: '/api/notifications', headers: { cookie: user.cookie } })).json();
  const expectConflict = (
    response: { statusCode: number; json: () => { error: unknown } },
    message: string,
  ) => {
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: 'conflict', message });
  };

  /** A fresh card of Misty's with Ash's offer on it, accepted: an agreed deal. */
  const agreedDeal = async (cardName: string, cardNumber: string | null = null) => {
    const item = await addItem(t.app, misty, { cardName, cardNumber, acceptingOffers: true });
    const offer = await makeOffer(t.app, ash, { itemId: item.id, amount: 1200 });
    expect((await offerAction(t.app, misty.cookie, offer.id, 'accept')).statusCode).toBe(200);
    return { item, offer };
  };

  beforeAll(async () => {
    misty = await registerUser(t.app);
    ash = await registerUser(t.app);
    brock = await registerUser(t.app);
  });

  it('starts agreed when the offer is accepted, and offers carry no deal before that', async () => {
    const item = await addItem(t.app, misty, { cardName: 'Blastoise', cardNumber: '2/102' });
    const offer = await makeOffer(t.app, ash, { itemId: item.id, amount: 900 });
    expect(offer.deal).toBeNull();
    expectConflict(
      await complete(ash, offer.id),
      'This offer has not been accepted, so there is no deal to complete or cancel.',
    );
    expectConflict(
      await cancel(misty, offer.id, { reason: 'Changed my mind' }),
      'This offer has not been accepted, so there is no deal to complete or cancel.',
    );

    const accepted: Offer = (await offerAction(t.app, misty.cookie, offer.id, 'accept')).json();
    expect(accepted.deal).toMatchObject({
      status: 'agreed',
      sentAt: null,
      receivedAt: null,
      youMarked: false,
      cancelledBy: null,
      cancelReason: null,
    });
    expect((await detail(ash, offer.id)).deal?.status).toBe('agreed');
  });

  it('completes once both have marked it, takes the card off the owner’s list and tells both', async () => {
    const { item, offer } = await agreedDeal('Venusaur', '15/102');
    expect((await collectorsOf('Venusaur')).total).toBe(1);

    const sent = await complete(misty, offer.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().deal).toMatchObject({ status: 'agreed', youMarked: true, receivedAt: null });
    expect((await detail(ash, offer.id)).deal).toMatchObject({ status: 'agreed', youMarked: false });
    expectConflict(
      await complete(misty, offer.id),
      'You have already marked this deal. It completes when the other collector marks it too.',
    );
    expect((await collectionOf(misty)).cards.map((card) => card.id)).toContain(item.id);

    const completedDeals = async (user: TestUser) =>
      (await t.app.inject({ url: `/api/users/${user.user.id}` })).json().reputation.completedDeals as number;
    const before = { misty: await completedDeals(misty), ash: await completedDeals(ash) };
    const mistyHears = recordLiveEvents(t.app, misty.user.id);
    let received: Offer;
    try {
      const response = await complete(ash, offer.id);
      expect(response.statusCode).toBe(200);
      received = response.json();
      await mistyHears.waitFor((event) => event.type === 'offer' && event.userId === misty.user.id);
    } finally {
      mistyHears.stop();
    }
    expect(received.deal).toMatchObject({ status: 'completed', youMarked: true });
    expect(received.deal?.sentAt).not.toBeNull();
    expect(received.deal?.receivedAt).not.toBeNull();
    // What the buyer's Add to my collection fills in.
    expect(received.item).toMatchObject({
      cardName: 'Venusaur',
      gradingCompany: 'PSA',
      grade: 9,
      certNumber: '12345678',
    });

    expect((await collectionOf(misty)).cards.map((card) => card.id)).not.toContain(item.id);
    expect(await collectorsOf('Venusaur')).toMatchObject({ total: 0, collectors: [] });
    // Both profiles count the deal once it completes.
    expect({ misty: await completedDeals(misty), ash: await completedDeals(ash) }).toEqual({
      misty: before.misty + 1,
      ash: before.ash + 1,
    });
    expect((await detail(misty, offer.id)).deal?.status).toBe('completed');
    expectConflict(await complete(ash, offer.id), 'This deal is already completed.');
    expectConflict(await cancel(misty, offer.id, { reason: 'Too late' }), 'This deal is already completed.');
    expect((await postOffer(t.app, brock.cookie, { itemId: item.id, amount: 50 })).statusCode).toBe(403);
    // The card is gone from her list, so she cannot remove it a second time either.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/me/collection/${item.id}`,
      headers: { cookie: misty.cookie },
    });
    expect(removed.statusCode).toBe(404);

    // Ash's mark completed it: Misty, who marked first, hears that it is completed; Ash heard she sent it.
    await t.app.context.notifications.processPending();
    const dealNews = async (user: TestUser) =>
      (await notificationsOf(user)).notifications
        .filter((n) => n.offerId === offer.id && n.kind.startsWith('deal-'))
        .map((n) => n.kind);
    expect(await dealNews(misty)).toEqual(['deal-completed']);
    expect(await dealNews(ash)).toEqual(['deal-sent']);
    expect((await notificationsOf(misty)).notifications[0]).toMatchObject({
      kind: 'deal-completed',
      cardName: 'Venusaur',
      price: 1200,
      actor: ash.user.username,
    });
  });

  it('lets the buyer add the card to their collection with the deal’s details', async () => {
    const { offer } = await agreedDeal('Nidoking', '11/102');
    await complete(misty, offer.id);
    const { item } = (await complete(ash, offer.id)).json() as Offer;
    const added = await addItem(t.app, ash, {
      cardName: item.cardName,
      cardNumber: item.cardNumber,
      setId: item.setId,
      gradingCompany: item.gradingCompany ?? undefined,
      grade: item.grade ?? undefined,
      certNumber: item.certNumber ?? undefined,
      acceptingOffers: false,
    });
    expect((await collectionOf(ash)).cards.map((card: CollectionItem) => card.id)).toContain(added.id);
  });

  it('is the two parties’ only: anyone else gets a 404, a visitor a 401', async () => {
    const { offer } = await agreedDeal('Ninetales', '12/102');
    expect((await complete(brock, offer.id)).statusCode).toBe(404);
    expect((await cancel(brock, offer.id, { reason: 'Hm' })).statusCode).toBe(404);
    expect((await complete(undefined, offer.id)).statusCode).toBe(401);
    expect((await complete(misty, 'no-such-offer')).statusCode).toBe(404);
    expect((await detail(misty, offer.id)).deal).toMatchObject({
      status: 'agreed',
      sentAt: null,
      receivedAt: null,
    });
  });

  it.each([
    { body: {}, message: 'Say why you are cancelling the deal.' },
    { body: { reason: '   ' }, message: 'Say why you are cancelling the deal.' },
    { body: { reason: 'x'.repeat(501) }, message: 'The reason can be at most 500 characters.' },
  ])('refuses a cancellation without a fitting reason: $message', async ({ body, message }) => {
    const { offer } = await agreedDeal('Raichu', '14/102');
    const response = await cancel(ash, offer.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
    expect((await detail(ash, offer.id)).deal?.status).toBe('agreed');
  });

  it('takes no new offers while agreed, declines the others, and opens the card again when cancelled', async () => {
    const item = await addItem(t.app, misty, {
      cardName: 'Zapdos',
      cardNumber: '16/102',
      acceptingOffers: true,
    });
    const ashs = await makeOffer(t.app, ash, { itemId: item.id, amount: 700 });
    const brocks = await makeOffer(t.app, brock, { itemId: item.id, amount: 650 });
    expect((await offerAction(t.app, misty.cookie, ashs.id, 'accept')).statusCode).toBe(200);
    expect((await detail(brock, brocks.id)).status).toBe('declined');

    const refused = await postOffer(t.app, brock.cookie, { itemId: item.id, amount: 800 });
    expectConflict(refused, CARD_IN_DEAL);

    await complete(misty, ashs.id);
    const ashHears = recordLiveEvents(t.app, ash.user.id);
    let cancelled: Offer;
    try {
      const response = await cancel(misty, ashs.id, { reason: '  The card was damaged in storage.  ' });
      expect(response.statusCode).toBe(200);
      cancelled = response.json();
      await ashHears.waitFor((event) => event.type === 'offer' && event.userId === ash.user.id);
    } finally {
      ashHears.stop();
    }
    expect(cancelled.deal).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'owner',
      cancelReason: 'The card was damaged in storage.',
    });
    expect((await detail(ash, ashs.id)).deal).toMatchObject({ status: 'cancelled', cancelledBy: 'owner' });
    expectConflict(await complete(ash, ashs.id), 'This deal was cancelled.');
    expectConflict(await cancel(ash, ashs.id, { reason: 'Again' }), 'This deal was cancelled.');
    expect((await collectionOf(misty)).cards.map((card) => card.id)).toContain(item.id);

    const again = await makeOffer(t.app, brock, { itemId: item.id, amount: 800 });
    expect((await offerAction(t.app, misty.cookie, again.id, 'accept')).json().deal.status).toBe('agreed');

    // Misty cancelled: Ash hears of it, she does not.
    await t.app.context.notifications.processPending();
    const cancellations = async (user: TestUser) =>
      (await notificationsOf(user)).notifications.filter(
        (n) => n.offerId === ashs.id && n.kind === 'deal-cancelled',
      );
    expect(await cancellations(ash)).toEqual([
      expect.objectContaining({ cardName: 'Zapdos', price: 700, actor: misty.user.username }),
    ]);
    expect(await cancellations(misty)).toEqual([]);
  });

  it('keeps the owner from removing a card while its deal is agreed, not once it was cancelled', async () => {
    const { item, offer } = await agreedDeal('Clefairy', '5/102');
    const remove = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/users/me/collection/${item.id}`,
        headers: { cookie: misty.cookie },
      });
    expectConflict(
      await remove(),
      'This card is in an agreed deal. Complete or cancel the deal before removing it.',
    );
    expect((await detail(ash, offer.id)).deal?.status).toBe('agreed');
    await cancel(misty, offer.id, { reason: 'I am keeping it after all.' });
    expect((await remove()).statusCode).toBe(204);
  });

  it('lets the buyer cancel too', async () => {
    const { offer } = await agreedDeal('Machamp', '8/102');
    const response = await cancel(ash, offer.id, { reason: 'Found one nearer home.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().deal).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'buyer',
      youMarked: false,
    });
  });

  it('leaves at most one deal on a card when offers on it are accepted at once', async () => {
    const item = await addItem(t.app, misty, {
      cardName: 'Mewtwo',
      cardNumber: '10/102',
      acceptingOffers: true,
    });
    const offers = [
      await makeOffer(t.app, ash, { itemId: item.id, amount: 400 }),
      await makeOffer(t.app, brock, { itemId: item.id, amount: 410 }),
    ];
    const answers = await Promise.all(
      offers.map((offer) => offerAction(t.app, misty.cookie, offer.id, 'accept')),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const deals = await Promise.all(
      offers.map(async (offer) => (await detail(misty, offer.id)).deal?.status ?? null),
    );
    expect(deals.sort()).toEqual(['agreed', null]);
  });

  it('completes a deal once when both mark it at once', async () => {
    const { offer } = await agreedDeal('Gyarados', '6/102');
    const answers = await Promise.all([complete(misty, offer.id), complete(ash, offer.id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await detail(misty, offer.id)).deal?.status).toBe('completed');
    await t.app.context.notifications.processPending();
    const completions = await Promise.all(
      [misty, ash].map(async (user) =>
        (await notificationsOf(user)).notifications.filter(
          (n) => n.offerId === offer.id && n.kind === 'deal-completed',
        ),
      ),
    );
    expect(completions.flat()).toHaveLength(1);
  });

  it('settles a completion racing a cancellation to one outcome', async () => {
    const { offer } = await agreedDeal('Alakazam', '1/102');
    await complete(misty, offer.id);
    const answers = await Promise.all([
      complete(ash, offer.id),
      cancel(misty, offer.id, { reason: 'Sold elsewhere' }),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const status = (await detail(ash, offer.id)).deal?.status;
    const kept = (await collectionOf(misty)).cards.some((card) => card.cardName === 'Alakazam');
    expect(kept).toBe(status === 'cancelled');
  });
});
