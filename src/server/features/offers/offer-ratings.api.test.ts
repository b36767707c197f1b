import { beforeAll, describe, expect, it } from 'vitest';
import type { Collector, CollectorsResponse } from '#shared/schemas/collections.ts';
import type { OfferDetail } from '#shared/schemas/offers.ts';
import type { OfferRating, ReceivedRating, Reputation } from '#shared/schemas/ratings.ts';
import type { PublicProfile } from '#shared/schemas/users.ts';
import { registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import { addItem, getOffer, makeOffer, offerAction } from '../../../../tests/helpers/collection-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

const NOT_COMPLETED =
  'You can rate the other collector once the deal is completed: both of you have marked it sent and received.';
const ALREADY_RATED = 'You have already rated the other collector for this deal.';
const STARS = 'Choose from 1 to 5 stars.';
const COMMENT_TOO_LONG = 'Your comment can be at most 500 characters.';

describe('rating the other collector after a deal', () => {
  const t = useTestApp();
  let misty: TestUser;
  let ash: TestUser;
  let brock: TestUser;

  const rate = (user: TestUser | undefined, offerId: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/offers/${offerId}/rating`,
      payload: body as object,
      ...(user ? { headers: { cookie: user.cookie } } : {}),
    });
  const detail = async (user: TestUser, offerId: string): Promise<OfferDetail> => {
    const response = await getOffer(t.app, user.cookie, offerId);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const profileOf = async (userId: string): Promise<PublicProfile> => {
    const response = await t.app.inject({ url: `/api/users/${userId}` });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const expectRefusal = (
    response: { statusCode: number; json: () => { error: unknown } },
    status: number,
    error: Record<string, unknown>,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toEqual(error);
  };

  /** Ash's offer on a fresh card of Misty's, accepted: an agreed deal. */
  const agreedDeal = async (cardName: string) => {
    const item = await addItem(t.app, misty, { cardName, cardNumber: null, acceptingOffers: true });
    const offer = await makeOffer(t.app, ash, { itemId: item.id, amount: 1500 });
    expect((await offerAction(t.app, misty.cookie, offer.id, 'accept')).statusCode).toBe(200);
    return offer;
  };
  const completedDeal = async (cardName: string) => {
    const offer = await agreedDeal(cardName);
    expect((await offerAction(t.app, misty.cookie, offer.id, 'complete')).statusCode).toBe(200);
    expect((await offerAction(t.app, ash.cookie, offer.id, 'complete')).statusCode).toBe(200);
    return offer;
  };

  beforeAll(async () => {
    misty = await registerUser(t.app);
    ash = await registerUser(t.app);
    brock = await registerUser(t.app);
  });

  it('waits for the deal to be completed, and stays private to its two collectors', async () => {
    const item = await addItem(t.app, misty, {
      cardName: 'Blastoise',
      cardNumber: null,
      acceptingOffers: true,
    });
    const open = await makeOffer(t.app, ash, { itemId: item.id, amount: 900 });
    expectRefusal(await rate(ash, open.id, { stars: 5 }), 409, { code: 'conflict', message: NOT_COMPLETED });
    expect((await detail(ash, open.id)).ratings).toEqual([]);

    const offer = await agreedDeal('Venusaur');
    expectRefusal(await rate(ash, offer.id, { stars: 5 }), 409, { code: 'conflict', message: NOT_COMPLETED });
    expect((await offerAction(t.app, misty.cookie, offer.id, 'complete')).statusCode).toBe(200);
    expectRefusal(await rate(misty, offer.id, { stars: 4 }), 409, {
      code: 'conflict',
      message: NOT_COMPLETED,
    });
    expect((await offerAction(t.app, ash.cookie, offer.id, 'complete')).statusCode).toBe(200);

    const notFound = { code: 'not-found', message: 'We could not find this offer.' };
    expectRefusal(await rate(brock, offer.id, { stars: 1 }), 404, notFound);
    expectRefusal(await rate(brock, 'no-such-offer', { stars: 1 }), 404, notFound);
    expect((await rate(undefined, offer.id, { stars: 5 })).statusCode).toBe(401);
    expect((await profileOf(misty.user.id)).reputation.count).toBe(0);
  });

  it('refuses stars that are not a whole number from 1 to 5, and comments over 500 characters', async () => {
    const offer = await completedDeal('Alakazam');
    for (const stars of [0, 6, 4.5, -1, '5', null, true]) {
      expectRefusal(await rate(ash, offer.id, { stars }), 400, {
        code: 'validation',
        message: STARS,
        fields: { stars: STARS },
      });
    }
    expectRefusal(await rate(ash, offer.id, { comment: 'Great trade' }), 400, {
      code: 'validation',
      message: STARS,
      fields: { stars: STARS },
    });
    expectRefusal(await rate(ash, offer.id, { stars: 5, comment: 'x'.repeat(501) }), 400, {
      code: 'validation',
      message: COMMENT_TOO_LONG,
      fields: { comment: COMMENT_TOO_LONG },
    });
    expect((await detail(ash, offer.id)).ratings).toEqual([]);

    // 500 characters once trimmed is within the limit.
    const comment = `Fast shipping, well packed. ${'★'.repeat(472)}`;
    const response = await rate(ash, offer.id, { stars: 5, comment: `  ${comment}  ` });
    expect(response.statusCode).toBe(201);
    expect((response.json() as OfferRating).comment).toBe(comment);
  });

  it('lets each party rate the other once, and the offer shows who has rated', async () => {
    const offer = await completedDeal('Gyarados');
    expect((await detail(misty, offer.id)).ratings).toEqual([]);

    const byAsh = await rate(ash, offer.id, { stars: 4, comment: '  Card as described, slow post.  ' });
    expect(byAsh.statusCode).toBe(201);
    const rating: OfferRating = byAsh.json();
    expect(rating).toEqual({
      offerId: offer.id,
      stars: 4,
      comment: 'Card as described, slow post.',
      rater: { id: ash.user.id, username: ash.user.username },
      ratee: { id: misty.user.id, username: misty.user.username },
      createdAt: expect.any(String),
    });
    expectRefusal(await rate(ash, offer.id, { stars: 1 }), 409, { code: 'conflict', message: ALREADY_RATED });

    for (const viewer of [ash, misty]) {
      expect((await detail(viewer, offer.id)).ratings).toEqual([
        { by: 'buyer', stars: 4, comment: 'Card as described, slow post.', at: rating.createdAt },
      ]);
    }

    const byMisty = await rate(misty, offer.id, { stars: 5, comment: '   ' });
    expect(byMisty.statusCode).toBe(201);
    expect((byMisty.json() as OfferRating).comment).toBeNull();
    expect(
      (await detail(ash, offer.id)).ratings.map(({ by, stars, comment }) => ({ by, stars, comment })),
    ).toEqual([
      { by: 'buyer', stars: 4, comment: 'Card as described, slow post.' },
      { by: 'owner', stars: 5, comment: null },
    ]);
    expectRefusal(await rate(misty, offer.id, { stars: 5 }), 409, {
      code: 'conflict',
      message: ALREADY_RATED,
    });

    const mistysProfile = await profileOf(misty.user.id);
    expect(mistysProfile.ratings[0]).toEqual({
      stars: 4,
      comment: 'Card as described, slow post.',
      rater: { id: ash.user.id, username: ash.user.username },
      at: rating.createdAt,
    });
  });

  it('stores one rating when the same party submits twice at once', async () => {
    const offer = await completedDeal('Mewtwo');
    const before = (await profileOf(misty.user.id)).reputation;
    const answers = await Promise.all([
      rate(ash, offer.id, { stars: 5, comment: 'First' }),
      rate(ash, offer.id, { stars: 2, comment: 'Second' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const stored = answers.find((answer) => answer.statusCode === 201)?.json() as OfferRating;
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().error).toEqual({ code: 'conflict', message: ALREADY_RATED });
    const ratings = (await detail(misty, offer.id)).ratings;
    expect(ratings).toHaveLength(1);
    expect(ratings[0]).toMatchObject({ by: 'buyer', stars: stored.stars, comment: stored.comment });
    // The reputation counts the stored rating once.
    expect((await profileOf(misty.user.id)).reputation.count).toBe(before.count + 1);
  });
});

describe('a collector’s reputation on their profile and in Source', () => {
  const t = useTestApp();
  let gary: TestUser;
  let lance: TestUser;
  let erika: TestUser;
  let koga: TestUser;

  const profileOf = async (userId: string): Promise<PublicProfile> => {
    const response = await t.app.inject({ url: `/api/users/${userId}` });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  /** Stars Gary received as the owner of 22 completed deals, oldest first. */
  const AS_OWNER = [5, 5, 4, 5, 1, 5, 4, 5, 5, 5, 4, 5, 5, 1, 5, 5, 4, 5, 5, 4, 5, 5];
  /** And as the buyer of one more. */
  const AS_BUYER = 2;
  const minutesAfter = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes)).toISOString();

  interface FixedDeal {
    id: string;
    itemId: string;
    buyer: string;
    owner: string;
    status: 'agreed' | 'completed' | 'cancelled';
    at: string;
  }
  const insertDeal = async (deal: FixedDeal) => {
    const db = t.database.handle.db;
    await db
      .insertInto('offers')
      .values({
        id: deal.id,
        item_id: deal.itemId,
        from_user: deal.buyer,
        to_user: deal.owner,
        amount_cents: 10_000,
        message: null,
        status: 'accepted',
        awaiting: null,
        last_round_at: deal.at,
        created_at: deal.at,
        updated_at: deal.at,
      })
      .execute();
    await db
      .insertInto('offer_deals')
      .values({
        offer_id: deal.id,
        item_id: deal.itemId,
        status: deal.status,
        created_at: deal.at,
        updated_at: deal.at,
      })
      .execute();
  };
  const insertRating = (offerId: string, raterId: string, rateeId: string, stars: number, at: string) =>
    t.database.handle.db
      .insertInto('offer_ratings')
      .values({
        offer_id: offerId,
        rater_id: raterId,
        ratee_id: rateeId,
        stars,
        comment: `Deal at ${at}`,
        created_at: at,
      })
      .execute();

  beforeAll(async () => {
    gary = await registerUser(t.app);
    lance = await registerUser(t.app);
    erika = await registerUser(t.app);
    koga = await registerUser(t.app);
    const garysCard = await addItem(t.app, gary, {
      cardName: 'Zapdos',
      cardNumber: null,
      acceptingOffers: true,
    });
    const lancesCard = await addItem(t.app, lance, { cardName: 'Zapdos', cardNumber: null, grade: 5 });
    const erikasCard = await addItem(t.app, erika, { cardName: 'Raichu', cardNumber: null });

    for (const [index, stars] of AS_OWNER.entries()) {
      const at = minutesAfter(index);
      await insertDeal({
        id: `owner-${index}`,
        itemId: garysCard.id,
        buyer: lance.user.id,
        owner: gary.user.id,
        status: 'completed',
        at,
      });
      await insertRating(`owner-${index}`, lance.user.id, gary.user.id, stars, at);
    }
    // Gary bought Erika's card and rated her; she rated him.
    await insertDeal({
      id: 'bought',
      itemId: erikasCard.id,
      buyer: gary.user.id,
      owner: erika.user.id,
      status: 'completed',
      at: minutesAfter(30),
    });
    await insertRating('bought', erika.user.id, gary.user.id, AS_BUYER, minutesAfter(31));
    await insertRating('bought', gary.user.id, erika.user.id, 3, minutesAfter(32));
    // Deals that did not complete count for nobody.
    await insertDeal({
      id: 'cancelled',
      itemId: garysCard.id,
      buyer: koga.user.id,
      owner: gary.user.id,
      status: 'cancelled',
      at: minutesAfter(40),
    });
    await insertDeal({
      id: 'agreed',
      itemId: garysCard.id,
      buyer: koga.user.id,
      owner: gary.user.id,
      status: 'agreed',
      at: minutesAfter(41),
    });
    expect(lancesCard.id).toBeTruthy();
  });

  it('averages the stars received to one decimal and counts completed deals as either party', async () => {
    const received = [...AS_OWNER, AS_BUYER];
    const sum = received.reduce((total, stars) => total + stars, 0);
    const garys: Reputation = {
      average: Number((sum / received.length).toFixed(1)),
      count: received.length,
      completedDeals: AS_OWNER.length + 1,
    };
    expect(garys).toEqual({ average: 4.3, count: 23, completedDeals: 23 });
    expect((await profileOf(gary.user.id)).reputation).toEqual(garys);
    expect((await profileOf(erika.user.id)).reputation).toEqual({ average: 3, count: 1, completedDeals: 1 });
    expect((await profileOf(lance.user.id)).reputation).toEqual({
      average: null,
      count: 0,
      completedDeals: AS_OWNER.length,
    });
    const kogas = await profileOf(koga.user.id);
    expect(kogas.reputation).toEqual({ average: null, count: 0, completedDeals: 0 });
    expect(kogas.ratings).toEqual([]);
  });

  it('lists the latest 20 ratings received, newest first, with who gave them', async () => {
    const expected: ReceivedRating[] = [
      {
        stars: AS_BUYER,
        comment: `Deal at ${minutesAfter(31)}`,
        rater: { id: erika.user.id, username: erika.user.username },
        at: minutesAfter(31),
      },
      ...AS_OWNER.map((stars, index) => ({
        stars,
        comment: `Deal at ${minutesAfter(index)}`,
        rater: { id: lance.user.id, username: lance.user.username },
        at: minutesAfter(index),
      })).reverse(),
    ].slice(0, 20);
    const profile = await profileOf(gary.user.id);
    expect(profile.ratings).toEqual(expected);
    expect(profile.reputation.count).toBe(23);
  });

  it('shows each collector’s reputation in Source', async () => {
    const response = await t.app.inject({ url: '/api/collectors?set=base_set&card=Zapdos' });
    expect(response.statusCode).toBe(200);
    const { collectors }: CollectorsResponse = response.json();
    const byCollector = new Map(
      collectors.map((collector: Collector) => [collector.collectorId, collector.reputation]),
    );
    expect(byCollector.get(gary.user.id)).toEqual({ average: 4.3, count: 23, completedDeals: 23 });
    expect(byCollector.get(lance.user.id)).toEqual({ average: null, count: 0, completedDeals: 22 });
  });
});
