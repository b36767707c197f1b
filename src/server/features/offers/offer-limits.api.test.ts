import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/connect.ts';
import { MAX_OFFER_MESSAGES_PER_HOUR, MAX_OPEN_OFFERS, SAFETY_MESSAGES } from '#shared/schemas/safety.ts';
import { registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import {
  addItem,
  makeOffer,
  offerAction,
  postOffer,
  postToOffer,
} from '../../../../tests/helpers/collection-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { waitMessage } from '../accounts/accounts.service.ts';

/** `count` cards of the owner's that accept offers, straight in the database. */
async function cardsOf(database: DatabaseHandle, ownerId: string, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, index) => ({
    id: `card_${ownerId}_${index}`,
    user_id: ownerId,
    list: 'collected' as const,
    set_id: 'base_set',
    card_id: 'base_set-4',
    card_name: 'Charizard',
    card_number: '4/102',
    grade: 9,
    grading_company: 'PSA',
    cert_number: null,
    variant: '1st Edition',
    accepting_offers: database.dialect === 'postgres' ? true : 1,
    added_at: new Date().toISOString(),
  }));
  await database.db.insertInto('collection_items').values(rows).execute();
  return rows.map((row) => row.id);
}

/** Open offers from the buyer on the given cards, straight in the database. */
async function openOffersOn(database: DatabaseHandle, buyer: TestUser, ownerId: string, itemIds: string[]) {
  const at = new Date().toISOString();
  await database.db
    .insertInto('offers')
    .values(
      itemIds.map((itemId) => ({
        id: `offer_${itemId}`,
        item_id: itemId,
        from_user: buyer.user.id,
        to_user: ownerId,
        amount_cents: 1000,
        message: null,
        status: 'open' as const,
        awaiting: 'owner' as const,
        last_round_at: at,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

async function openOffersMadeBy(database: DatabaseHandle, buyer: TestUser): Promise<number> {
  const row = await database.db
    .selectFrom('offers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('from_user', '=', buyer.user.id)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('limits on offers and offer messages', () => {
  const t = useTestApp();
  const ROOM = 5;
  const RACERS = 10;

  it(`keeps a buyer at ${MAX_OPEN_OFFERS} open offers, even with ${RACERS} offers made at once`, async () => {
    const owner = await registerUser(t.app);
    const buyer = await registerUser(t.app);
    const database = t.database.handle;
    const cards = await cardsOf(database, owner.user.id, MAX_OPEN_OFFERS - ROOM + RACERS);
    await openOffersOn(database, buyer, owner.user.id, cards.slice(0, MAX_OPEN_OFFERS - ROOM));

    const answers = await Promise.all(
      cards
        .slice(MAX_OPEN_OFFERS - ROOM)
        .map((itemId) => postOffer(t.app, buyer.cookie, { itemId, amount: 25 })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(ROOM);
    expect(statuses.filter((status) => status === 409)).toHaveLength(RACERS - ROOM);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
      expect(answer.json()).toEqual({
        error: { code: 'conflict', message: SAFETY_MESSAGES.tooManyOpenOffers },
      });
    }
    expect(SAFETY_MESSAGES.tooManyOpenOffers).toContain('20 open offers');
    expect(await openOffersMadeBy(database, buyer)).toBe(MAX_OPEN_OFFERS);

    // Withdrawing one makes room for one more.
    const made = answers.find((answer) => answer.statusCode === 201)?.json();
    expect((await offerAction(t.app, buyer.cookie, made.id, 'withdraw')).statusCode).toBe(200);
    const refusedItem = cards[MAX_OPEN_OFFERS - ROOM + statuses.indexOf(409)];
    const again = await postOffer(t.app, buyer.cookie, { itemId: refusedItem, amount: 26 });
    expect(again.statusCode).toBe(201);
    expect(await openOffersMadeBy(database, buyer)).toBe(MAX_OPEN_OFFERS);
  });

  it(`lets a collector write ${MAX_OFFER_MESSAGES_PER_HOUR} offer messages an hour, then says how long to wait`, async () => {
    const owner = await registerUser(t.app);
    const buyer = await registerUser(t.app);
    const card = await addItem(t.app, owner, { acceptingOffers: true });
    const offer = await makeOffer(t.app, buyer, { itemId: card.id, amount: 10 });
    for (let count = 0; count < MAX_OFFER_MESSAGES_PER_HOUR; count += 1) {
      const written = await postToOffer(t.app, buyer.cookie, offer.id, 'messages', {
        text: `Message ${count}`,
      });
      expect(written.statusCode).toBe(201);
    }
    const refused = await postToOffer(t.app, buyer.cookie, offer.id, 'messages', { text: 'One more' });
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(59 * 60);
    expect(seconds).toBeLessThanOrEqual(60 * 60);
    expect(refused.json()).toEqual({ error: { code: 'rate-limited', message: waitMessage(seconds) } });
    expect(refused.json().error.message).toBe('Too many attempts. Please try again in 60 minutes.');
    // The other collector's messages are counted on their own.
    expect((await postToOffer(t.app, owner.cookie, offer.id, 'messages', { text: 'Hi' })).statusCode).toBe(
      201,
    );
  });
});
