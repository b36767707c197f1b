import { describe, expect, it } from 'vitest';
import type { InboxResponse } from '#shared/schemas/offer-inbox.ts';
import { registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import {
  addItem,
  makeOffer,
  offerAction,
  postToOffer,
} from '../../../../tests/helpers/collection-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

describe('the offer inbox', () => {
  const t = useTestApp();

  const inbox = async (user: TestUser, query = ''): Promise<InboxResponse> => {
    const response = await t.app.inject({
      url: `/api/users/me/inbox${query}`,
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('lists offers made and received, one row each, newest activity first, with state and turn', async () => {
    const [me, ash, brock] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    const mine = await addItem(t.app, me, { cardName: 'Charizard', cardNumber: '4/102' });
    const ashs = await addItem(t.app, ash, { cardName: 'Blastoise', cardNumber: '2/102' });
    const brocks = await addItem(t.app, brock, { cardName: 'Onix', cardNumber: '56/102' });

    const received = await makeOffer(t.app, ash, { itemId: mine.id, amount: 1000 });
    await pause();
    const sent = await makeOffer(t.app, me, { itemId: ashs.id, amount: 400 });
    await pause();
    const declined = await makeOffer(t.app, me, { itemId: brocks.id, amount: 20 });
    await pause();
    expect((await offerAction(t.app, brock.cookie, declined.id, 'decline')).statusCode).toBe(200);
    await pause();
    // A message is activity: the received offer comes back to the top.
    const wrote = await postToOffer(t.app, ash.cookie, received.id, 'messages', { text: 'Still for sale?' });
    expect(wrote.statusCode).toBe(201);
    await t.app.context.notifications.processPending();

    const { offers, nextCursor } = await inbox(me);
    expect(nextCursor).toBeNull();
    expect(offers.map((row) => row.id)).toEqual([received.id, declined.id, sent.id]);
    expect(offers[0]).toMatchObject({
      direction: 'received',
      state: 'open',
      amount: 1000,
      turn: 'yours',
      item: {
        cardName: 'Charizard',
        cardNumber: '4/102',
        setId: 'base_set',
        grade: 9,
        gradingCompany: 'PSA',
      },
      otherParty: { id: ash.user.id, username: ash.user.username },
      unread: true,
    });
    expect(offers[1]).toMatchObject({ direction: 'sent', state: 'declined', turn: null, unread: true });
    expect(offers[2]).toMatchObject({ direction: 'sent', state: 'open', turn: 'theirs', unread: false });

    // Ash sees the same offer from the other side, and a deal's state once accepted.
    expect((await offerAction(t.app, ash.cookie, sent.id, 'accept')).statusCode).toBe(200);
    const ashRows = (await inbox(ash)).offers;
    expect(ashRows.map((row) => [row.id, row.direction, row.state, row.turn])).toEqual([
      [sent.id, 'received', 'deal-agreed', 'yours'],
      [received.id, 'sent', 'open', 'theirs'],
    ]);
    expect((await offerAction(t.app, ash.cookie, sent.id, 'complete')).statusCode).toBe(200);
    expect((await inbox(ash)).offers[0]).toMatchObject({ state: 'deal-agreed', turn: 'theirs' });
    expect((await offerAction(t.app, me.cookie, sent.id, 'complete')).statusCode).toBe(200);
    expect((await inbox(me)).offers[0]).toMatchObject({ id: sent.id, state: 'completed', turn: null });

    // Opening the conversation (marking its news read) clears the highlight.
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: me.cookie },
      payload: { offerId: received.id },
    });
    expect((await inbox(me)).offers.find((row) => row.id === received.id)?.unread).toBe(false);
  });

  it('pages through with the cursor, and shows nobody else’s offers', async () => {
    const [owner, buyer, stranger] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    const ids: string[] = [];
    for (const cardName of ['Pikachu', 'Raichu', 'Mewtwo']) {
      const item = await addItem(t.app, owner, { cardName });
      ids.unshift((await makeOffer(t.app, buyer, { itemId: item.id, amount: 10 })).id);
      await pause();
    }
    const first = await inbox(owner, '?limit=2');
    expect(first.offers.map((row) => row.id)).toEqual(ids.slice(0, 2));
    expect(first.nextCursor).not.toBeNull();
    const second = await inbox(owner, `?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.offers.map((row) => row.id)).toEqual(ids.slice(2));
    expect(second.nextCursor).toBeNull();
    expect((await inbox(stranger)).offers).toEqual([]);
  });

  it('leaves out collectors the user blocked, and shows them again once unblocked', async () => {
    const [owner, buyer, other] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    const fromBuyer = await makeOffer(t.app, buyer, { itemId: (await addItem(t.app, owner)).id, amount: 10 });
    const fromOther = await makeOffer(t.app, other, { itemId: (await addItem(t.app, owner)).id, amount: 12 });
    const block = (method: 'POST' | 'DELETE') =>
      t.app.inject({ method, url: `/api/users/${buyer.user.id}/block`, headers: { cookie: owner.cookie } });
    expect((await block('POST')).statusCode).toBe(204);
    expect((await inbox(owner)).offers.map((row) => row.id)).toEqual([fromOther.id]);
    expect((await block('DELETE')).statusCode).toBe(204);
    expect((await inbox(owner)).offers.map((row) => row.id).sort()).toEqual(
      [fromBuyer.id, fromOther.id].sort(),
    );
  });

  it('answers visitors and a bad cursor with the error body', async () => {
    const visitor = await t.app.inject({ url: '/api/users/me/inbox' });
    expect(visitor.statusCode).toBe(401);
    const user = await registerUser(t.app);
    const bad = await t.app.inject({
      url: '/api/users/me/inbox?cursor=yesterday',
      headers: { cookie: user.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'validation',
      message: 'cursor is the nextCursor of the page before.',
    });
  });
});
