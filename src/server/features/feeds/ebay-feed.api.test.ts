import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeAdmin, type TestUser } from '../../../../tests/helpers/auth.ts';
import { EBAY_CLIENT, type StandInSale, startEbayStandIn } from '../../../../tests/helpers/ebay-stand-in.ts';
import { addFeed, runNow, waitForRun } from '../../../../tests/helpers/feeds.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { createFeedEngine } from './feed-engine.ts';

const standIn = await startEbayStandIn();
const DAY_MS = 86_400_000;
const soldDaysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

const gengar: StandInSale[] = [
  {
    itemId: '110000000001',
    title: '1999 Pokemon Fossil 1st Edition Holo Gengar #5 PSA 9 MINT',
    price: '412.50',
    soldAt: soldDaysAgo(3),
    seller: 'gengar_gallery',
    feedbackPercentage: '99.6',
    withImage: true,
  },
  {
    itemId: '110000000002',
    title: 'Gengar 5/62 Fossil 1st Edition Holo BGS 9.5 GEM MINT',
    price: '980.00',
    soldAt: soldDaysAgo(2),
    seller: 'slab_house',
    feedbackPercentage: '100.0',
    buyingOptions: ['FIXED_PRICE'],
  },
  {
    itemId: '110000000003',
    title: 'Lot of 3 Fossil 1st Edition Gengar PSA 8',
    price: '900.00',
    soldAt: soldDaysAgo(2),
  },
  { itemId: '110000000004', title: 'Gengar Fossil Holo PSA 10', price: '700.00', soldAt: soldDaysAgo(1) },
];
const ditto: StandInSale[] = [
  {
    itemId: '110000000005',
    title: 'Ditto 18/62 Fossil 1st Edition PSA 10 GEM MINT',
    price: '155.00',
    soldAt: soldDaysAgo(4),
  },
  {
    itemId: '110000000006',
    title: 'Ditto 3/62 Holo 1st Edition Fossil CGC 8.5',
    price: '120.00',
    soldAt: soldDaysAgo(5),
  },
];
/** More than one page: eBay answers 200 sales a page. */
const muk: StandInSale[] = Array.from({ length: 230 }, (_, index) => ({
  itemId: `120000000${String(index).padStart(3, '0')}`,
  title: `Muk 13/62 Fossil 1st Edition Holo PSA 8 NM-MT`,
  price: `${100 + index}.00`,
  soldAt: soldDaysAgo(1 + (index % 20)),
  seller: `muk_seller_${index % 7}`,
}));

const fossilFeed = {
  adapter: 'ebay',
  name: 'eBay Fossil',
  schedule: '0 6 * * *',
  settings: { sets: ['fossil_set'] },
  secrets: EBAY_CLIENT,
};

function searchesFor(query: string) {
  return standIn.searches.filter((search) => search.params.get('q') === query);
}

describe('eBay Marketplace Insights feed', () => {
  const t = useTestApp({ ebayApiBaseUrl: standIn.url, feedRetryBaseMs: 100 });
  let admin: TestUser;

  beforeAll(async () => {
    admin = await makeAdmin(t);
    await t.app.context.feeds.start();
  });
  afterAll(() => standIn.close());
  beforeEach(() => standIn.reset());

  it('keeps the secrets on the server: answers say only that they are set', async () => {
    const feed = await addFeed(t.app, admin, { ...fossilFeed, name: 'Secret keeper' });
    expect(feed.secretsSet).toEqual({ clientId: true, clientSecret: true });
    const list = await t.app.inject({ url: '/api/admin/feeds', headers: { cookie: admin.cookie } });
    for (const body of [JSON.stringify(feed), list.body]) {
      expect(body).not.toContain(EBAY_CLIENT.clientSecret);
      expect(body).not.toContain(EBAY_CLIENT.clientId);
    }
  });

  it('stores the sales whose titles name a covered card, page by page, and lists the refused titles', async () => {
    standIn.setSales('Gengar fossil 1st edition', gengar);
    standIn.setSales('Ditto fossil 1st edition', ditto);
    standIn.setSales('Muk fossil 1st edition', muk);
    const feed = await addFeed(t.app, admin, fossilFeed);
    const { run, refusals, errors } = await waitForRun(
      t.app,
      admin,
      (await runNow(t.app, admin, feed.id)).id,
    );

    expect(run).toMatchObject({
      status: 'succeeded',
      stored: 2 + 2 + 230,
      duplicates: 0,
      refused: 2,
      errors: 0,
    });
    expect(errors).toEqual([]);
    expect(run.progress.done).toBe(run.progress.total);
    expect(refusals).toEqual([
      { title: gengar[2]!.title, reason: 'the title is refused: a lot or bundle, not one card ("lot")' },
      {
        title: gengar[3]!.title,
        reason: 'the title is refused: does not say 1st Edition: Holoscope covers 1st Edition only',
      },
    ]);

    // One query per catalogue name, in eBay's category for single cards, with the marketplace header.
    const mukPages = searchesFor('Muk fossil 1st edition');
    expect(mukPages.map((search) => search.params.get('offset'))).toEqual([null, '200']);
    expect(mukPages[0]!.params.get('category_ids')).toBe('183454');
    expect(mukPages[0]!.params.get('filter')).toMatch(
      /^lastSoldDate:\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\.\.\]$/,
    );
    expect(mukPages[0]!.marketplace).toBe('EBAY_US');
    expect(standIn.imageRequests).toBe(1);

    const analysis = await t.app.inject('/api/sales/analysis?set=fossil_set&card=Gengar&period=all');
    const body = analysis.json();
    expect(body.total).toBe(2);
    expect(body.stats).toMatchObject({ count: 2, low: 412.5, high: 980, average: 696.25, median: 696.25 });
    expect(
      body.sales.map((sale: Record<string, unknown>) => [sale.price, sale.grader, sale.grade, sale.seller]),
    ).toEqual([
      [980, 'BGS', 9.5, 'slab_house'],
      [412.5, 'PSA', 9, 'gengar_gallery'],
    ]);
    expect(body.sales[1].sellerRating).toBe(99.6);
    expect(body.sales[1].imageUrl).toMatch(/^\/media\//);
    expect(body.sales[0].imageUrl).toBeNull();

    const dittoHolo = (await t.app.inject('/api/sales/analysis?set=fossil_set&card=Ditto&period=all')).json();
    const dittoRare = (
      await t.app.inject('/api/sales/analysis?set=fossil_set&card=Ditto%20non-holo&period=all')
    ).json();
    expect(
      dittoHolo.sales.map((sale: { price: number; grader: string }) => [sale.price, sale.grader]),
    ).toEqual([[120, 'CGC']]);
    expect(dittoRare.sales.map((sale: { price: number; grade: number }) => [sale.price, sale.grade])).toEqual(
      [[155, 10]],
    );

    // A second run finds every sale stored already and asks only for sales since a day before the first run.
    standIn.searches.length = 0;
    const again = await waitForRun(t.app, admin, (await runNow(t.app, admin, feed.id)).id);
    expect(again.run).toMatchObject({ status: 'succeeded', stored: 0, duplicates: 234, refused: 2 });
    const since = /lastSoldDate:\[(.+)\.\.\]/.exec(
      searchesFor('Gengar fossil 1st edition')[0]!.params.get('filter')!,
    )![1]!;
    expect(Date.parse(since)).toBeLessThanOrEqual(Date.parse(run.startedAt!) - DAY_MS);
    expect(Date.parse(since)).toBeGreaterThan(Date.parse(run.startedAt!) - DAY_MS - 1000);
  });

  it('fetches a new token once when eBay says the token expired, and waits out a 429 Retry-After', async () => {
    standIn.setSales('Articuno fossil 1st edition', [
      {
        itemId: '130000000001',
        title: 'Articuno 2/62 Fossil 1st Edition Holo PSA 7',
        price: '88.00',
        soldAt: soldDaysAgo(2),
      },
    ]);
    const feed = await addFeed(t.app, admin, { ...fossilFeed, name: 'Token and rate limit' });
    standIn.failNext({ status: 200 }, { status: 401 }, { status: 429, retryAfter: '1' });
    const started = Date.now();
    const { run } = await waitForRun(t.app, admin, (await runNow(t.app, admin, feed.id)).id);
    expect(run).toMatchObject({ status: 'succeeded', attempts: 1, errors: 0, stored: 1 });
    expect(standIn.tokenRequests).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    // The query cut off by the 401 and then the 429 was asked three times; the others once.
    expect(searchesFor('Articuno fossil 1st edition')).toHaveLength(3);
  });

  it('keeps what a failed attempt stored, retries with backoff from its checkpoint, and counts nothing twice', async () => {
    const first = Array.from({ length: 3 }, (_, index) => ({
      itemId: `140000000${index}`,
      title: `Aerodactyl 1/62 Fossil 1st Edition Holo PSA ${8 + index * 0.5}`,
      price: `${200 + index}.00`,
      soldAt: soldDaysAgo(2),
    }));
    const later = Array.from({ length: 4 }, (_, index) => ({
      itemId: `150000000${index}`,
      title: `Zapdos 15/62 Fossil 1st Edition Holo PSA 9`,
      price: `${300 + index}.00`,
      soldAt: soldDaysAgo(3),
    }));
    standIn.setSales('Aerodactyl fossil 1st edition', first);
    standIn.setSales('Zapdos fossil 1st edition', later);
    const feed = await addFeed(t.app, admin, { ...fossilFeed, name: 'Flaky eBay' });
    // Five queries pass, then eBay fails the sixth on every try within the attempt.
    standIn.failNext(
      ...Array.from({ length: 5 }, () => ({ status: 200 as const })),
      ...Array.from({ length: 4 }, () => ({ status: 503 as const })),
    );
    const { run, errors } = await waitForRun(t.app, admin, (await runNow(t.app, admin, feed.id)).id);

    expect(run).toMatchObject({ status: 'succeeded', attempts: 2, errors: 1, stored: 7, duplicates: 0 });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/^eBay answered HTTP 503/);
    // The retry went on from the sixth query: the first was asked once in all.
    expect(searchesFor('Aerodactyl fossil 1st edition')).toHaveLength(1);
    expect(searchesFor('Zapdos fossil 1st edition')).toHaveLength(1);
  });

  it('fails at once, without retrying, when eBay refuses the credentials or the API', async () => {
    const feed = await addFeed(t.app, admin, {
      ...fossilFeed,
      name: 'Wrong secret',
      secrets: { clientId: EBAY_CLIENT.clientId, clientSecret: 'not the secret' },
    });
    const refused = await waitForRun(t.app, admin, (await runNow(t.app, admin, feed.id)).id);
    expect(refused.run).toMatchObject({ status: 'failed', attempts: 1, errors: 1, stored: 0 });
    expect(refused.run.lastError).toBe('eBay refused the client id and secret: client authentication failed');

    const partner = await addFeed(t.app, admin, { ...fossilFeed, name: 'Not approved' });
    standIn.failNext({ status: 403 });
    const forbidden = await waitForRun(t.app, admin, (await runNow(t.app, admin, partner.id)).id);
    expect(forbidden.run).toMatchObject({ status: 'failed', attempts: 1 });
    expect(forbidden.run.lastError).toMatch(/HTTP 403.*approved partners/);
  });

  // Last: it stops the app's scheduler.
  it('hands a run back when the server stops, and the next scheduler takes it up where it was', async () => {
    const articuno = Array.from({ length: 30 }, (_, index) => ({
      itemId: `160000000${String(index).padStart(2, '0')}`,
      title: 'Articuno 2/62 Fossil 1st Edition Holo PSA 8',
      price: `${400 + index}.00`,
      soldAt: soldDaysAgo(2),
    }));
    standIn.setSales('Articuno fossil 1st edition', articuno);
    const feed = await addFeed(t.app, admin, { ...fossilFeed, name: 'Stopped mid-run' });
    const held = standIn.hold('Ditto fossil 1st edition');
    const { id } = await runNow(t.app, admin, feed.id);
    while (!searchesFor('Ditto fossil 1st edition').length)
      await new Promise((resolve) => setTimeout(resolve, 20));

    await t.app.context.feeds.stop();
    const handedBack = await waitForRun(t.app, admin, id, () => true);
    expect(handedBack.run).toMatchObject({ status: 'queued', attempts: 1, stored: 30, errors: 0 });
    held.release();

    const next = createFeedEngine(t.app.context, t.app.log);
    try {
      await next.start();
      // SQLite's scheduler takes up unfinished runs as it starts; PostgreSQL's on its next tick.
      await next.tick();
      const { run } = await waitForRun(t.app, admin, id);
      expect(run).toMatchObject({ status: 'succeeded', attempts: 2, stored: 30, duplicates: 0, errors: 0 });
      expect(searchesFor('Articuno fossil 1st edition')).toHaveLength(1);
    } finally {
      await next.stop();
    }
  });
});
