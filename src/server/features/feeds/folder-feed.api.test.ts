import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayBefore } from '#shared/schemas/admin.ts';
import { makeAdmin, type TestUser } from '../../../../tests/helpers/auth.ts';
import { addFeed, runNow, waitForRun } from '../../../../tests/helpers/feeds.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

const yesterday = dayBefore(1);

describe('drop-folder feed', () => {
  const t = useTestApp();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await makeAdmin(t);
    await t.app.context.feeds.start();
  });

  it('imports each file once and moves it to done/ or failed/, leaving files still being written', async () => {
    const feed = await addFeed(t.app, admin, {
      adapter: 'folder',
      name: 'Auction house drop',
      schedule: '0 * * * *',
      settings: { folder: 'heritage' },
    });
    const folder = path.join(t.config.feedsDir, 'heritage');
    // Made when the feed is added, so the operator knows where to put files.
    expect(fs.statSync(folder).isDirectory()).toBe(true);
    fs.writeFileSync(
      path.join(folder, 'a-week-46.jsonl'),
      [
        JSON.stringify({
          id: 'ha-1',
          set_id: 'base_set',
          card_name: 'Blastoise',
          price: 2500,
          sale_date: yesterday,
          seller: 'heritage',
          grading_company: 'PSA',
          grade: 8,
        }),
        JSON.stringify({
          id: 'ha-2',
          title: 'Venusaur 15/102 Base Set 1st Edition Holo PSA 8',
          price: 1800,
          timestamp: `${yesterday}T18:00:00Z`,
          seller: 'heritage',
        }),
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(folder, 'b-week-47.csv'),
      [
        'set_id,card_name,price,sale_date,seller,id',
        `base,Blastoise,2700.50,${yesterday},heritage,ha-3`,
      ].join('\n'),
    );
    fs.writeFileSync(path.join(folder, 'c-notes.txt'), 'Payment terms: net 30\nShipping: insured\n');
    fs.writeFileSync(path.join(folder, 'd-week-48.csv.partial'), 'set_id,card_name\n');

    const { run, refusals } = await waitForRun(t.app, admin, (await runNow(t.app, admin, feed.id)).id);
    expect(run).toMatchObject({
      status: 'succeeded',
      stored: 3,
      duplicates: 0,
      refused: 1,
      progress: { done: 3, total: 3 },
    });
    // The notes read as CSV: a header, and one row that is no sale.
    expect(refusals).toEqual([{ title: null, reason: 'set_id is missing' }]);
    expect(fs.readdirSync(path.join(folder, 'done')).sort()).toEqual(['a-week-46.jsonl', 'b-week-47.csv']);
    expect(fs.readdirSync(path.join(folder, 'failed'))).toEqual(['c-notes.txt']);
    expect(fs.readdirSync(folder).sort()).toEqual(['d-week-48.csv.partial', 'done', 'failed']);

    const blastoise = (
      await t.app.inject('/api/sales/analysis?set=base_set&card=Blastoise&period=all')
    ).json();
    expect(blastoise.stats).toMatchObject({ count: 2, low: 2500, high: 2700.5, average: 2600.25 });
    const venusaur = (await t.app.inject('/api/sales/analysis?set=base_set&card=Venusaur&period=all')).json();
    expect(venusaur.sales.map((sale: { price: number; grade: number }) => [sale.price, sale.grade])).toEqual([
      [1800, 8],
    ]);

    // The same name dropped again is a new file: imported, and kept beside the first in done/.
    fs.writeFileSync(
      path.join(folder, 'a-week-46.jsonl'),
      JSON.stringify({
        id: 'ha-1',
        set_id: 'base_set',
        card_name: 'Blastoise',
        price: 2500,
        sale_date: yesterday,
        seller: 'heritage',
      }),
    );
    const again = await waitForRun(t.app, admin, (await runNow(t.app, admin, feed.id)).id);
    expect(again.run).toMatchObject({
      status: 'succeeded',
      stored: 0,
      duplicates: 1,
      progress: { done: 1, total: 1 },
    });
    expect(fs.readdirSync(path.join(folder, 'done'))).toHaveLength(3);
  });

  it('refuses a record whose title is 100 KB of card names for its length, without reading it', async () => {
    const feed = await addFeed(t.app, admin, {
      adapter: 'folder',
      name: 'Hostile drop',
      schedule: '0 * * * *',
      settings: { folder: 'hostile' },
    });
    const title = 'Charizard Blastoise 4/102 1st Edition PSA 10 '.repeat(2300);
    fs.writeFileSync(
      path.join(t.config.feedsDir, 'hostile', 'long-title.jsonl'),
      [
        JSON.stringify({ id: 'long-1', title, price: 900, timestamp: `${yesterday}T12:00:00Z`, seller: 'x' }),
        JSON.stringify({
          id: 'long-2',
          title: 'Charizard 4/102 Base Set 1st Edition Holo PSA 8',
          price: 4100,
          timestamp: `${yesterday}T13:00:00Z`,
          seller: 'x',
        }),
      ].join('\n'),
    );
    const { run, refusals } = await waitForRun(t.app, admin, (await runNow(t.app, admin, feed.id)).id);
    expect(run).toMatchObject({ status: 'succeeded', stored: 1, refused: 1 });
    // The refused row is listed with the start of its title, not all 100 KB of it.
    expect(refusals).toEqual([
      { title: `${title.slice(0, 300)}…`, reason: 'title is longer than 300 characters' },
    ]);
  });
});
