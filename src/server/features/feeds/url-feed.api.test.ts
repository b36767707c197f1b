import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayBefore } from '#shared/schemas/admin.ts';
import { makeAdmin, type TestUser } from '../../../../tests/helpers/auth.ts';
import { addFeed, runNow, waitForRun } from '../../../../tests/helpers/feeds.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

/** A partner's file server: one file per path, with an ETag and Last-Modified, answering 304 when unchanged. */
const files = new Map<string, { body: string; etag: string; modified: string }>();
const requests: { path: string; headers: http.IncomingHttpHeaders }[] = [];
const server = http.createServer((request, response) => {
  const path = request.url ?? '/';
  requests.push({ path, headers: request.headers });
  if (path === '/private.jsonl' && request.headers.authorization !== 'Bearer partner-token') {
    response.writeHead(401).end();
    return;
  }
  const file = files.get(path);
  if (!file) {
    response.writeHead(404).end();
    return;
  }
  if (request.headers['if-none-match'] === file.etag) {
    response.writeHead(304, { etag: file.etag }).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'text/plain', etag: file.etag, 'last-modified': file.modified });
  response.end(file.body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

function publish(path: string, body: string): void {
  files.set(path, {
    body,
    etag: `"${crypto.createHash('sha1').update(body).digest('hex')}"`,
    modified: new Date().toUTCString(),
  });
}

const yesterday = dayBefore(1);
const line = (id: string, card: string, price: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    source_ref: `partner:${id}`,
    set_id: 'jungle_set',
    card_name: card,
    price,
    sale_date: yesterday,
    seller: 'partner_house',
    ...extra,
  });

describe('feed of a flat_sales file at a URL', () => {
  const t = useTestApp();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await makeAdmin(t);
    await t.app.context.feeds.start();
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('imports the file, costs nothing while it is unchanged, and stores only the new rows when it changes', async () => {
    publish(
      '/jungle.jsonl',
      [
        line('1', 'Scyther', 512.25, { grading_company: 'PSA', grade: 9 }),
        line('2', 'Scyther', 488.75, { grading_company: 'PSA', grade: 9 }),
        line('3', 'Missingno', 10),
        'not json at all',
      ].join('\n'),
    );
    const feed = await addFeed(t.app, admin, {
      adapter: 'url',
      name: 'Partner Jungle',
      schedule: '30 5 * * *',
      settings: { url: `${origin}/jungle.jsonl` },
    });
    const first = await waitForRun(t.app, admin, (await runNow(t.app, admin, feed.id)).id);
    expect(first.run).toMatchObject({ status: 'succeeded', stored: 2, duplicates: 0, refused: 2, errors: 0 });
    expect(first.refusals.map((refusal) => refusal.reason)).toEqual([
      'card "Missingno" is not in the Jungle catalogue',
      expect.stringMatching(/^line 4: not valid JSON/),
    ]);
    const scyther = (await t.app.inject('/api/sales/analysis?set=jungle_set&card=Scyther&period=all')).json();
    expect(scyther.stats).toMatchObject({ count: 2, low: 488.75, high: 512.25, average: 500.5 });

    const unchanged = await waitForRun(t.app, admin, (await runNow(t.app, admin, feed.id)).id);
    expect(unchanged.run).toMatchObject({ status: 'succeeded', stored: 0, duplicates: 0, refused: 0 });
    const conditional = requests.filter((request) => request.path === '/jungle.jsonl').at(-1)!;
    expect(conditional.headers['if-none-match']).toBe(files.get('/jungle.jsonl')!.etag);
    expect(conditional.headers['if-modified-since']).toBe(files.get('/jungle.jsonl')!.modified);

    publish(
      '/jungle.jsonl',
      [line('1', 'Scyther', 512.25), line('2', 'Scyther', 488.75), line('4', 'Scyther', 601)].join('\n'),
    );
    const changed = await waitForRun(t.app, admin, (await runNow(t.app, admin, feed.id)).id);
    expect(changed.run).toMatchObject({ status: 'succeeded', stored: 1, duplicates: 2, refused: 0 });
  });

  it('reads CSV, and sends the authorization kept as the feed’s secret', async () => {
    publish(
      '/private.jsonl',
      [
        'set_id,card_name,price,sale_date,seller,id',
        `jungle,Pinsir,140.10,${yesterday},csv_seller,csv-1`,
      ].join('\n'),
    );
    const feed = await addFeed(t.app, admin, {
      adapter: 'url',
      name: 'Private CSV',
      schedule: '30 5 * * *',
      settings: { url: `${origin}/private.jsonl`, format: 'csv' },
      secrets: { authorization: 'Bearer partner-token' },
    });
    expect(feed.secretsSet).toEqual({ authorization: true });
    const { run } = await waitForRun(t.app, admin, (await runNow(t.app, admin, feed.id)).id);
    expect(run).toMatchObject({ status: 'succeeded', stored: 1 });
    const pinsir = (await t.app.inject('/api/sales/analysis?set=jungle_set&card=Pinsir&period=all')).json();
    expect(pinsir.sales.map((sale: { price: number; seller: string }) => [sale.price, sale.seller])).toEqual([
      [140.1, 'csv_seller'],
    ]);
  });

  it('fails at once when there is no file at the address', async () => {
    const feed = await addFeed(t.app, admin, {
      adapter: 'url',
      name: 'Gone',
      schedule: '30 5 * * *',
      settings: { url: `${origin}/gone.csv` },
    });
    const { run } = await waitForRun(t.app, admin, (await runNow(t.app, admin, feed.id)).id);
    expect(run).toMatchObject({ status: 'failed', attempts: 1, errors: 1 });
    expect(run.lastError).toBe(`${new URL(origin).host} has no file at that address (HTTP 404).`);
  });
});
