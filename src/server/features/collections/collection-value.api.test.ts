import { beforeAll, describe, expect, it } from 'vitest';
import type { NewSale } from '#server/db/schema.ts';
import type { CollectionItem } from '#shared/schemas/collections.ts';
import { registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import { addItem } from '../../../../tests/helpers/collection-factory.ts';
import { daysAgo, insertSales } from '../../../../tests/helpers/sales-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

const DAY_MS = 86_400_000;

/** The last millisecond of each of the last 52 Sundays (UTC) that have ended, oldest first. */
function sundaysEnded(now: number): number[] {
  const today = new Date(now);
  let end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 1;
  while (new Date(end).getUTCDay() !== 0) end -= DAY_MS;
  return Array.from({ length: 52 }, (_, index) => end - (51 - index) * 7 * DAY_MS);
}

describe('collection value API', () => {
  const t = useTestApp();
  let owner: TestUser;
  let visitor: TestUser;
  const items: Record<string, CollectionItem> = {};
  // Each cohort's sales are of one price, so every estimate is that price whatever the weights.
  const soldAt = { charizard: daysAgo(20), blastoise: daysAgo(200), zapdos: daysAgo(30) };

  beforeAll(async () => {
    const flag = t.database.handle.dialect === 'postgres' ? false : 0;
    const five = (sale: Partial<NewSale>) => Array.from({ length: 5 }, () => ({ excluded: flag, ...sale }));
    await insertSales(t.database.handle, [
      ...five({
        card_name: 'Charizard',
        grading_company: 'PSA',
        grade: 9,
        price_cents: 10_000,
        sold_at: soldAt.charizard,
      }),
      ...five({
        card_name: 'Blastoise',
        grading_company: 'PSA',
        grade: 10,
        price_cents: 100_000,
        sold_at: soldAt.blastoise,
      }),
      // Zapdos CGC 8 has no sales; CGC 9 at $400 and CGC 7 at $100 put it at 100 × 4^½ = $200.
      ...five({
        set_id: 'fossil_set',
        card_name: 'Zapdos',
        grading_company: 'CGC',
        grade: 9,
        price_cents: 40_000,
        sold_at: soldAt.zapdos,
      }),
      ...five({
        set_id: 'fossil_set',
        card_name: 'Zapdos',
        grading_company: 'CGC',
        grade: 7,
        price_cents: 10_000,
        sold_at: soldAt.zapdos,
      }),
    ]);
    owner = await registerUser(t.app);
    visitor = await registerUser(t.app);
    items.charizard = await addItem(t.app, owner);
    items.charizardAgain = await addItem(t.app, owner, { certNumber: '87654321' });
    items.blastoise = await addItem(t.app, owner, { cardName: 'Blastoise', cardNumber: '2/102', grade: 10 });
    items.zapdos = await addItem(t.app, owner, {
      setId: 'fossil',
      cardName: 'Zapdos',
      cardNumber: '15/62',
      gradingCompany: 'CGC',
      grade: 8,
    });
    items.venusaur = await addItem(t.app, owner, { cardName: 'Venusaur', cardNumber: '15/102' });
    items.ungraded = await addItem(t.app, owner, { grade: undefined, gradingCompany: undefined });
    items.unlimited = await addItem(t.app, owner, { variant: 'Unlimited' });
    items.wanted = await addItem(t.app, owner, {
      list: 'wtb',
      certNumber: undefined,
      acceptingOffers: undefined,
    });
  });

  const collectionValueOf = (path: string, user?: TestUser) =>
    t.app.inject({
      url: `/api/users/${path}/collection/value`,
      ...(user ? { headers: { cookie: user.cookie } } : {}),
    });

  it('gives the owner the sum of the estimates, what was and was not valued, and 52 weeks of history', async () => {
    const response = await collectionValueOf('me', owner);
    expect(response.statusCode).toBe(200);
    const value = response.json();
    // Two Charizard PSA 9 at $100, Blastoise PSA 10 at $1,000 and Zapdos CGC 8 at $200. Not valued: the
    // Venusaur (no sales), the ungraded Charizard and the Unlimited one; the Want to Buy card is no item.
    expect(value).toMatchObject({ total: 1400, counted: 4, uncounted: 3 });
    const ends = sundaysEnded(Date.now());
    const has = (sold: string, end: number) => Date.parse(sold) <= end;
    expect(value.history).toEqual(
      ends.map((end) => ({
        date: new Date(end).toISOString().slice(0, 10),
        total:
          (has(soldAt.charizard, end) ? 200 : 0) +
          (has(soldAt.blastoise, end) ? 1000 : 0) +
          (has(soldAt.zapdos, end) ? 200 : 0),
      })),
    );
    // The fixture spans the history: some weeks before any sale, some with all of them.
    expect(value.history[0].total).toBe(0);
    expect(value.history.at(-1).total).toBe(1400);
    expect(new Date(`${value.history.at(-1).date}T00:00:00Z`).getUTCDay()).toBe(0);
  });

  it('answers the owner by id too; refuses everyone else', async () => {
    expect((await collectionValueOf(owner.user.id, owner)).json().total).toBe(1400);
    const other = await collectionValueOf(owner.user.id, visitor);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('forbidden');
    const anonymous = await collectionValueOf('me');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');
    expect((await collectionValueOf(owner.user.id)).statusCode).toBe(401);
  });

  it('keeps the value and every estimate to the owner until they show their collection’s value', async () => {
    const estimatesOf = (user?: TestUser) =>
      t.app.inject({
        url: `/api/users/${owner.user.id}/collection/estimates`,
        ...(user ? { headers: { cookie: user.cookie } } : {}),
      });
    const show = (showCollectionValue: unknown, cookie: string | null = owner.cookie) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/me/settings',
        payload: { showCollectionValue },
        ...(cookie ? { headers: { cookie } } : {}),
      });
    const profile = async () => (await t.app.inject(`/api/users/${owner.user.id}`)).json();
    const privately = async () => {
      for (const answer of [await estimatesOf(), await collectionValueOf(owner.user.id)]) {
        expect(answer.statusCode).toBe(401);
        expect(answer.json().error).toEqual({ code: 'unauthenticated', message: 'Authentication required' });
      }
      for (const answer of [await estimatesOf(visitor), await collectionValueOf(owner.user.id, visitor)]) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json().error).toEqual({
          code: 'forbidden',
          message: 'Only its owner can see the value of a collection.',
        });
      }
      expect((await estimatesOf(owner)).statusCode).toBe(200);
    };

    // Off for a new account: the per-card estimates no longer add up to what the value endpoint keeps private.
    expect((await profile()).showCollectionValue).toBe(false);
    await privately();

    expect((await show(true, null)).statusCode).toBe(401);
    const refused = await show('yes');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'validation',
      message: 'Show my collection’s value is on or off.',
    });
    expect((await profile()).showCollectionValue).toBe(false);

    const shown = await show(true);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id: owner.user.id, showCollectionValue: true });
    expect((await profile()).showCollectionValue).toBe(true);
    for (const user of [undefined, visitor]) {
      expect((await estimatesOf(user)).json().estimates).toHaveLength(5);
      expect((await collectionValueOf(owner.user.id, user)).json()).toMatchObject({
        total: 1400,
        counted: 4,
      });
    }

    expect((await show(false)).json().showCollectionValue).toBe(false);
    await privately();
  });

  it('gives the owner each valued card’s estimate with its basis and comps', async () => {
    const response = await t.app.inject({
      url: `/api/users/${owner.user.id}/collection/estimates`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    const byItem = new Map(
      response.json().estimates.map((estimate: { itemId: string }) => [estimate.itemId, estimate]),
    );
    expect([...byItem.keys()].sort()).toEqual(
      [items.charizard, items.charizardAgain, items.blastoise, items.zapdos, items.venusaur]
        .map((item) => item!.id)
        .sort(),
    );
    expect(byItem.get(items.charizard!.id)).toMatchObject({
      estimate: 100,
      low: 100,
      high: 100,
      basis: 'recent-sales',
      comps: 5,
      windowDays: 90,
    });
    expect(byItem.get(items.blastoise!.id)).toMatchObject({
      estimate: 1000,
      basis: 'recent-sales',
      windowDays: 365,
    });
    expect(byItem.get(items.zapdos!.id)).toMatchObject({
      estimate: 200,
      basis: 'neighbour-grades',
      comps: 10,
      neighbourGrades: [7, 9],
    });
    expect(byItem.get(items.venusaur!.id)).toMatchObject({ estimate: null, basis: 'none', comps: 0 });
    expect((await t.app.inject('/api/users/nobody/collection/estimates')).statusCode).toBe(404);
  });

  it('values again the cards whose sales changed', async () => {
    // Five Charizard PSA 9 sales at $300, written behind the app's back, count once a change names the card.
    await insertSales(
      t.database.handle,
      Array.from({ length: 5 }, () => ({
        card_name: 'Charizard',
        grading_company: 'PSA',
        grade: 9,
        price_cents: 30_000,
        sold_at: daysAgo(0.5),
        excluded: t.database.handle.dialect === 'postgres' ? false : 0,
      })),
    );
    t.app.context.salesEvents.changed(['fossil_set-15']);
    expect((await collectionValueOf('me', owner)).json().total).toBe(1400);
    t.app.context.salesEvents.changed(['base_set-4']);
    const value = (await collectionValueOf('me', owner)).json();
    expect(value.total).toBeGreaterThan(1400);
    // The history ends with last Sunday, before the new sale.
    expect(value.history.at(-1).total).toBe(1400);
  });

  it('after a sale long ago, values again the weeks since it, as valuing from nothing does', async () => {
    const before = (await collectionValueOf('me', owner)).json();
    const soldLongAgo = daysAgo(100);
    await insertSales(
      t.database.handle,
      Array.from({ length: 5 }, () => ({
        card_name: 'Charizard',
        grading_company: 'PSA',
        grade: 9,
        price_cents: 1_000_000,
        sold_at: soldLongAgo,
        excluded: t.database.handle.dialect === 'postgres' ? false : 0,
      })),
    );
    t.app.context.salesEvents.changed(['base_set-4']);
    const after = (await collectionValueOf('me', owner)).json();
    const { cards, responses, cohortValues } = t.app.context.analysisCaches;
    for (const cache of [cards, responses, cohortValues]) cache.clear();
    expect((await collectionValueOf('me', owner)).json()).toEqual(after);
    const endedBefore = (week: { date: string }) =>
      Date.parse(`${week.date}T23:59:59.999Z`) < Date.parse(soldLongAgo);
    expect(after.history.filter(endedBefore)).toEqual(before.history.filter(endedBefore));
    // The weeks whose estimate reaches back to the $10,000 sales are worth more now.
    expect(after.history.filter((week: { date: string }) => !endedBefore(week))).not.toEqual(
      before.history.filter((week: { date: string }) => !endedBefore(week)),
    );
  });
});
