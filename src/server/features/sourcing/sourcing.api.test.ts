import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import { addItem } from '../../../../tests/helpers/collection-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

describe('GET /api/collectors', () => {
  const t = useTestApp();
  const search = async (query: string) => {
    const response = await t.app.inject(`/api/collectors?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const gradesOf = (body: { collectors: { grade: number | null; acceptingOffers: boolean }[] }) =>
    body.collectors.map((entry) => `${entry.acceptingOffers ? 'offers' : 'no'}:${entry.grade ?? '-'}`);

  let misty: TestUser;
  let brock: TestUser;
  let nobody: TestUser;

  beforeAll(async () => {
    misty = await registerUser(t.app, { country: 'Japan', countryCode: 'JP' });
    brock = await registerUser(t.app);
    nobody = await registerUser(t.app);
    const charizard = { cardName: 'Charizard', cardNumber: '4/102' };
    await addItem(t.app, misty, { ...charizard, grade: 8, acceptingOffers: true, certNumber: '11111111' });
    await addItem(t.app, brock, { ...charizard, grade: 10, acceptingOffers: false, certNumber: '22222222' });
    await addItem(t.app, misty, {
      ...charizard,
      grade: null,
      gradingCompany: null,
      acceptingOffers: true,
      certNumber: null,
    });
    await addItem(t.app, brock, { ...charizard, grade: 10, acceptingOffers: true, certNumber: '33333333' });
    await addItem(t.app, brock, {
      ...charizard,
      grade: null,
      gradingCompany: null,
      acceptingOffers: false,
      certNumber: null,
    });
    // Neither a Want to Buy Charizard nor a Charizard of another card or set is a Source result.
    await addItem(t.app, nobody, { ...charizard, list: 'wtb', certNumber: null, acceptingOffers: false });
    await addItem(t.app, nobody, { cardName: 'Blastoise', cardNumber: '2/102' });
    await addItem(t.app, nobody, { setId: 'fossil_set', cardName: 'Zapdos', cardNumber: null });
  });

  it('lists every collected copy, offers first, then best grade, ungraded last', async () => {
    const body = await search('set=base_set&card=Charizard');
    expect(body).toMatchObject({ cardName: 'Charizard', setId: 'base_set', total: 5, page: 1, pageSize: 25 });
    expect(gradesOf(body)).toEqual(['offers:10', 'offers:8', 'offers:-', 'no:10', 'no:-']);
    expect(body.collectors.map((entry: { collectorId: string }) => entry.collectorId)).not.toContain(
      nobody.user.id,
    );
  });

  it('gives each copy its collector, card and image', async () => {
    const body = await search('set=base_set&card=Charizard');
    expect(body.collectors[1]).toEqual({
      itemId: expect.stringMatching(/^base_4_\d{13}$/),
      collectorId: misty.user.id,
      username: misty.user.username,
      country: 'Japan',
      memberSince: new Date().getUTCFullYear(),
      cardName: 'Charizard',
      cardNumber: '4/102',
      cardSet: 'base_set',
      grade: 8,
      gradingCompany: 'PSA',
      certNumber: '11111111',
      variant: '1st Edition',
      acceptingOffers: true,
      imageUrl: '/card-images/base_set-4',
      reputation: { average: null, count: 0, completedDeals: 0 },
    });
    expect(body.collectors[2]).toMatchObject({ grade: null, gradingCompany: null, certNumber: null });
  });

  it('reads the card name by the shared rules and the set in its short form', async () => {
    expect((await search('set=base&card=%20%20charIZARD%20')).total).toBe(5);
    expect((await search('set=fossil&card=zapdos')).total).toBe(1);
    expect((await search('card=Blastoise')).total).toBe(1);
  });

  it('pages through the results and counts all of them', async () => {
    const first = await search('set=base_set&card=Charizard&pageSize=2');
    const second = await search('set=base_set&card=Charizard&pageSize=2&page=2');
    const beyond = await search('set=base_set&card=Charizard&pageSize=2&page=9');
    expect(gradesOf(first)).toEqual(['offers:10', 'offers:8']);
    expect(gradesOf(second)).toEqual(['offers:-', 'no:10']);
    expect([first.total, second.total, beyond.total]).toEqual([5, 5, 5]);
    expect(beyond.collectors).toEqual([]);
  });

  it('answers an empty list for a card nobody holds or the catalogue does not know', async () => {
    expect(await search('set=jungle_set&card=Scyther')).toEqual({
      cardName: 'Scyther',
      setId: 'jungle_set',
      collectors: [],
      total: 0,
      page: 1,
      pageSize: 25,
    });
    expect(await search('set=base_set&card=pikachoo%20nonholo')).toMatchObject({
      cardName: 'Pikachoo non-holo',
      collectors: [],
      total: 0,
    });
  });

  it('shows the defaults for a collector without username or country', async () => {
    const db = t.database.handle.db;
    await db
      .updateTable('users')
      .set({ username: '', country: ' ' })
      .where('id', '=', brock.user.id)
      .execute();
    const body = await search('set=base_set&card=Charizard');
    expect(body.collectors[0]).toMatchObject({
      collectorId: brock.user.id,
      username: 'Unknown User',
      country: 'Unknown Location',
    });
  });

  it('drops a removed card from the results at once', async () => {
    const shown = await search('set=fossil_set&card=Zapdos');
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/me/collection/${shown.collectors[0].itemId}`,
      headers: { cookie: nobody.cookie },
    });
    expect(response.statusCode).toBe(204);
    expect((await search('set=fossil_set&card=Zapdos')).total).toBe(0);
  });

  it.each([
    ['set=base_set', 'card'],
    ['set=neo&card=Lugia', 'set'],
    ['card=Charizard&pageSize=500', 'pageSize'],
  ])('refuses a bad query (%s) with 400', async (query, field) => {
    const response = await t.app.inject(`/api/collectors?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation',
      fields: { [field]: expect.any(String) },
    });
  });
});
