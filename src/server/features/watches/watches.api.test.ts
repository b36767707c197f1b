import { describe, expect, it } from 'vitest';
import { registerUser } from '../../../../tests/helpers/auth.ts';
import { insertSales } from '../../../../tests/helpers/sales-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

describe('watches API', () => {
  const t = useTestApp();
  // Stored as the dialect has it; every row names it, as a multi-row insert on SQLite has no DEFAULT.
  const flag = (value: boolean) => (t.database.handle.dialect === 'postgres' ? value : Number(value));
  const post = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/watches',
      payload: payload as object,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const list = (cookie: string) => t.app.inject({ url: '/api/watches', headers: { cookie } });

  it('refuses a visitor', async () => {
    const response = await post(undefined, { set: 'base', card: 'Charizard' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: 'unauthenticated', message: 'User must be logged in' });
  });

  it('watches a card named as the search names it, with grader, grade and a price condition', async () => {
    const collector = await registerUser(t.app);
    const response = await post(collector.cookie, {
      set: 'base',
      card: '  charizard ',
      grader: 'PSA',
      grade: 9,
      below: 20000,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().watch).toEqual({
      id: expect.any(String),
      setId: 'base_set',
      cardId: 'base_set-4',
      cardName: 'Charizard',
      cardNumber: '4/102',
      imageUrl: '/card-images/base_set-4',
      grader: 'PSA',
      grade: 9,
      below: 20000,
      above: null,
      createdAt: expect.any(String),
    });
    const rare = await post(collector.cookie, { set: 'jungle', card: 'nonholo scyther', above: 99.5 });
    expect(rare.statusCode).toBe(201);
    expect(rare.json().watch).toMatchObject({
      setId: 'jungle_set',
      cardName: 'Scyther non-holo',
      grader: null,
      grade: null,
      above: 99.5,
    });
  });

  it('answers bad input with the error body, never a 500', async () => {
    const collector = await registerUser(t.app);
    const cases: [unknown, string][] = [
      [{ set: 'base', card: 'Mewtwo Ex' }, 'There is no card called "Mewtwo Ex" in Base Set.'],
      [{ set: 'neo', card: 'Charizard' }, 'Unknown set. Choose one of base_set, jungle_set, fossil_set.'],
      [{ set: 'base', card: '' }, 'Enter a card name.'],
      [{ set: 'base', card: 'Charizard', grade: 9 }, 'Choose the grader of this grade.'],
      [
        { set: 'base', card: 'Charizard', grader: 'PSA', grade: 9.3 },
        'Grade must be from 1 to 10 in steps of 0.5.',
      ],
      [{ set: 'base', card: 'Charizard', grader: 'XYZ' }, 'Choose a grader: PSA, BGS, CGC, SGC or TAG.'],
      [{ set: 'base', card: 'Charizard', below: -5 }, 'Enter an amount of at least $0.01.'],
      [{ set: 'base', card: 'Charizard', below: '20000' }, 'Enter an amount in dollars, for example 2500.'],
      [
        { set: 'base', card: 'Charizard', below: 100, above: 200 },
        'The "below" price must be higher than the "above" price, or no sale could match.',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await post(collector.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('validation');
      expect(response.json().error.message).toBe(message);
    }
    expect((await list(collector.cookie)).json()).toEqual({ watches: [], total: 0 });
  });

  it('keeps at most 100 watches a collector, and the same watch once', async () => {
    const collector = await registerUser(t.app);
    const first = await post(collector.cookie, { set: 'base', card: 'Charizard', grader: 'PSA', grade: 9 });
    expect(first.statusCode).toBe(201);
    const again = await post(collector.cookie, { set: 'base', card: 'charizard', grader: 'PSA', grade: 9 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You are already watching this card with these conditions.');
    for (let price = 1; price < 100; price++) {
      expect(
        (await post(collector.cookie, { set: 'base', card: 'Charizard', below: price })).statusCode,
      ).toBe(201);
    }
    const over = await post(collector.cookie, { set: 'base', card: 'Blastoise' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toEqual({
      code: 'conflict',
      message: 'You are watching 100 cards, the most there can be. Stop watching one to watch another.',
    });
    expect((await list(collector.cookie)).json().total).toBe(100);
  });

  it("lists only one's own watches with the latest counted sale of each cohort, and deletes only one's own", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    await insertSales(t.database.handle, [
      {
        card_name: 'Blastoise',
        grading_company: 'PSA',
        grade: 9,
        price_cents: 50_000,
        sold_at: '2026-10-01T10:00:00.000Z',
        excluded: flag(false),
      },
      {
        card_name: 'Blastoise',
        grading_company: 'PSA',
        grade: 9,
        price_cents: 61_000,
        sold_at: '2026-10-05T10:00:00.000Z',
        excluded: flag(false),
      },
      {
        card_name: 'Blastoise',
        grading_company: 'PSA',
        grade: 9,
        price_cents: 99_000,
        sold_at: '2026-10-09T10:00:00.000Z',
        excluded: flag(true),
      },
      {
        card_name: 'Blastoise',
        grading_company: 'BGS',
        grade: 9.5,
        price_cents: 70_000,
        sold_at: '2026-10-07T10:00:00.000Z',
        excluded: flag(false),
      },
    ]);
    const psa = (await post(owner.cookie, { set: 'base', card: 'Blastoise', grader: 'PSA', grade: 9 })).json()
      .watch;
    const any = (await post(owner.cookie, { set: 'base', card: 'Blastoise' })).json().watch;
    const none = (await post(owner.cookie, { set: 'fossil', card: 'Dragonite' })).json().watch;
    const theirs = (await post(other.cookie, { set: 'base', card: 'Blastoise' })).json().watch;

    const body = (await list(owner.cookie)).json();
    expect(body.total).toBe(3);
    const byId = new Map(body.watches.map((watch: { id: string }) => [watch.id, watch]));
    expect(byId.has(theirs.id)).toBe(false);
    expect(byId.get(psa.id)).toMatchObject({
      latestSale: { price: 610, grader: 'PSA', grade: 9, date: '2026-10-05T10:00:00.000Z' },
    });
    expect(byId.get(any.id)).toMatchObject({ latestSale: { price: 700, grader: 'BGS', grade: 9.5 } });
    expect(byId.get(none.id)).toMatchObject({ latestSale: null });

    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/watches/${theirs.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual({ code: 'not-found', message: 'We could not find this watch.' });
    expect((await list(other.cookie)).json().total).toBe(1);
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/api/watches/${psa.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(own.statusCode).toBe(204);
    expect((await list(owner.cookie)).json().total).toBe(2);
  });
});
