import { describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import {
  addItem,
  itemBody,
  postItem,
  recordLiveEvents,
} from '../../../../tests/helpers/collection-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { addItem as addItemDirectly } from './collections.service.ts';

describe('collections API', () => {
  const t = useTestApp();
  const collectionOf = async (userId: string) => {
    const response = await t.app.inject(`/api/users/${userId}/collection`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const remove = (cookie: string | undefined, itemId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/users/me/collection/${encodeURIComponent(itemId)}`,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  describe('POST /api/users/me/collection', () => {
    it('refuses a visitor with "User must be logged in"', async () => {
      const response = await postItem(t.app, undefined, itemBody());
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({ code: 'unauthenticated', message: 'User must be logged in' });
    });

    it('adds a collected card and returns it whole, with an id of the form <set>_<number>_<timestamp>', async () => {
      const owner = await registerUser(t.app);
      const before = Date.now();
      const response = await postItem(t.app, owner.cookie, itemBody());
      expect(response.statusCode).toBe(201);
      const item = response.json();
      expect(item).toEqual({
        id: expect.stringMatching(/^base_4_\d{13}$/),
        list: 'collected',
        setId: 'base_set',
        cardId: 'base_set-4',
        cardName: 'Charizard',
        cardNumber: '4/102',
        rarity: 'Rare Holo',
        rarityGroup: 'holo_rare',
        imageUrl: '/card-images/base_set-4',
        grade: 9,
        gradingCompany: 'PSA',
        certNumber: '12345678',
        variant: '1st Edition',
        acceptingOffers: true,
        addedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      const stamp = Number(item.id.split('_')[2]);
      expect(stamp).toBeGreaterThanOrEqual(before);
      expect(new Date(item.addedAt).getTime()).toBe(stamp);
      expect(await collectionOf(owner.user.id)).toEqual({ cards: [item], wtbCards: [] });
    });

    it('adds a Want to Buy card without cert number or offers, with only the required fields', async () => {
      const owner = await registerUser(t.app);
      const response = await postItem(t.app, owner.cookie, {
        list: 'wtb',
        setId: 'fossil',
        cardName: 'zapdos',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        id: expect.stringMatching(/^fossil_15_\d{13}$/),
        list: 'wtb',
        setId: 'fossil_set',
        cardName: 'Zapdos',
        cardNumber: '15/62',
        grade: null,
        gradingCompany: null,
        certNumber: null,
        variant: null,
        acceptingOffers: false,
      });
      const collection = await collectionOf(owner.user.id);
      expect(collection.cards).toEqual([]);
      expect(collection.wtbCards.map((item: { cardName: string }) => item.cardName)).toEqual(['Zapdos']);
    });

    it.each([
      { typed: { setId: 'jungle', cardName: 'scyther nonholo' }, name: 'Scyther non-holo', number: '26/64' },
      {
        typed: { setId: 'jungle_set', cardName: 'Clefable', cardNumber: '17' },
        name: 'Clefable non-holo',
        number: '17/64',
      },
      {
        typed: { setId: 'jungle_set', cardName: 'Clefable', cardNumber: null },
        name: 'Clefable',
        number: '1/64',
      },
      {
        typed: { setId: 'base', cardName: 'electabuzz', cardNumber: '' },
        name: 'Electabuzz non-holo',
        number: '20/102',
      },
      {
        typed: { setId: 'base_set', cardName: 'Blastoise', cardNumber: '4/102' },
        name: 'Blastoise',
        number: '2/102',
      },
    ])('stores the catalogue card $name for $typed', async ({ typed, name, number }) => {
      const owner = await registerUser(t.app);
      const item = await addItem(t.app, owner, { certNumber: null, ...typed });
      expect(item).toMatchObject({ cardName: name, cardNumber: number });
    });

    it('gives two adds in the same millisecond different ids', async () => {
      const owner = await registerUser(t.app);
      const now = Date.parse('2026-03-01T12:00:00.000Z');
      const body = { list: 'collected' as const, setId: 'base_set' as const, cardName: 'Charizard' };
      const first = await addItemDirectly(t.app.context, owner.user.id, body, now);
      const second = await addItemDirectly(t.app.context, owner.user.id, body, now);
      expect([first.id, second.id]).toEqual([`base_4_${now}`, `base_4_${now + 1}`]);
      expect((await collectionOf(owner.user.id)).cards).toHaveLength(2);
    });

    it.each([
      {
        change: { cardName: 'Pikachoo' },
        field: 'cardName',
        message: 'There is no card called "Pikachoo" in Base Set.',
      },
      {
        change: { cardName: 'Scyther', cardNumber: null },
        field: 'cardName',
        message: 'There is no card called "Scyther" in Base Set.',
      },
      { change: { cardName: '  ' }, field: 'cardName', message: 'Choose a card name.' },
      { change: { setId: undefined }, field: 'setId', message: 'Choose a card set.' },
      {
        change: { setId: 'neo_genesis' },
        field: 'setId',
        message: 'Unknown set. Choose one of base_set, jungle_set, fossil_set.',
      },
      { change: { grade: 0 }, field: 'grade', message: 'Grade must be a whole number from 1 to 10.' },
      { change: { grade: 11 }, field: 'grade', message: 'Grade must be a whole number from 1 to 10.' },
      { change: { grade: 8.5 }, field: 'grade', message: 'Grade must be a whole number from 1 to 10.' },
      {
        change: { gradingCompany: 'SGC' },
        field: 'gradingCompany',
        message: 'Grading company must be PSA, BGS or CGC.',
      },
      {
        change: { variant: 'Shiny' },
        field: 'variant',
        message: 'Variant must be 1st Edition, Shadowless or Unlimited.',
      },
      {
        change: { certNumber: '12 34; drop' },
        field: 'certNumber',
        message: 'A cert number is letters, digits and dashes, at most 20 characters.',
      },
      { change: { list: 'wishlist' }, field: 'list', message: 'Choose Collected or Want to Buy.' },
      {
        change: { list: 'wtb', acceptingOffers: false },
        field: 'certNumber',
        message: 'Want to Buy cards have no cert number.',
      },
      {
        change: { list: 'wtb', certNumber: null },
        field: 'acceptingOffers',
        message: 'Want to Buy cards cannot accept offers.',
      },
    ])('refuses $change with "$message" and stores nothing', async ({ change, field, message }) => {
      const owner = await registerUser(t.app);
      const response = await postItem(t.app, owner.cookie, { ...itemBody(), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation',
        message,
        fields: { [field]: message },
      });
      expect(await collectionOf(owner.user.id)).toEqual({ cards: [], wtbCards: [] });
    });

    it('tells every open page that the collection changed', async () => {
      const owner = await registerUser(t.app);
      const live = recordLiveEvents(t.app, null);
      try {
        await addItem(t.app, owner);
        await live.waitFor((event) => event.type === 'collection' && event.userId === owner.user.id);
      } finally {
        live.stop();
      }
    });
  });

  describe('GET /api/users/:id/collection', () => {
    it('shows both lists to a visitor, newest first', async () => {
      const owner = await registerUser(t.app);
      const older = await addItem(t.app, owner, { cardName: 'Blastoise', cardNumber: '2/102' });
      const wanted = await addItem(t.app, owner, {
        list: 'wtb',
        cardName: 'Venusaur',
        cardNumber: null,
        certNumber: null,
        acceptingOffers: false,
      });
      const newer = await addItem(t.app, owner, {
        cardName: 'Mewtwo',
        cardNumber: null,
        acceptingOffers: false,
      });
      const collection = await collectionOf(owner.user.id);
      expect(collection.cards.map((item: { id: string }) => item.id)).toEqual([newer.id, older.id]);
      expect(collection.wtbCards).toEqual([wanted]);
    });

    it('answers 404 for a collector who does not exist', async () => {
      const response = await t.app.inject('/api/users/no-such-user/collection');
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not-found');
    });
  });

  describe('DELETE /api/users/me/collection/:itemId', () => {
    let owner: TestUser;
    let other: TestUser;
    let itemId: string;

    it('refuses a visitor with "User must be logged in" and keeps the card', async () => {
      owner = await registerUser(t.app);
      other = await registerUser(t.app);
      itemId = (await addItem(t.app, owner)).id;
      const response = await remove(undefined, itemId);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe('User must be logged in');
      expect((await collectionOf(owner.user.id)).cards).toHaveLength(1);
    });

    it('answers "Collection not found" to a collector without any card', async () => {
      const response = await remove(other.cookie, itemId);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'not-found', message: 'Collection not found' });
      expect((await collectionOf(owner.user.id)).cards).toHaveLength(1);
    });

    it("answers 404 for someone else's card and changes nothing", async () => {
      const own = await addItem(t.app, other, { list: 'wtb', certNumber: null, acceptingOffers: false });
      const response = await remove(other.cookie, itemId);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({
        code: 'not-found',
        message: 'We could not find this card in your collection.',
      });
      expect((await collectionOf(owner.user.id)).cards.map((item: { id: string }) => item.id)).toEqual([
        itemId,
      ]);
      expect((await collectionOf(other.user.id)).wtbCards).toEqual([own]);
    });

    it('removes an own card, tells open pages, and then no longer finds it', async () => {
      const live = recordLiveEvents(t.app, null);
      try {
        const response = await remove(owner.cookie, itemId);
        expect(response.statusCode).toBe(204);
        expect(response.body).toBe('');
        expect(await collectionOf(owner.user.id)).toEqual({ cards: [], wtbCards: [] });
        await live.waitFor((event) => event.type === 'collection' && event.userId === owner.user.id);
      } finally {
        live.stop();
      }
      const again = await remove(owner.cookie, itemId);
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe('Collection not found');
    });
  });
});
