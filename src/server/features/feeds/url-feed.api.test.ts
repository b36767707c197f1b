import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayBefore } from '#shared/schemas/admin.ts';
import { makeAdmin, type TestUser } from '../../../../tests/helpers/auth.ts';
import { addFeed, runNow, waitForRun } from '../../../../tests/helpers/feeds.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

/**
 * A partner's file server: one file per path, with an ETag and Last-Modified, answering 304 when unchanged;
 * a path may redirect elsewhere, and /slow.jsonl answers only once `release` is called.
 */
const files = new Map<string, { body: string; etag: string; modified: string }>();
const redirects = new Map<string, string>();
let release = () => {};
const held = new Promise<void>((resolve) => {
  release = resolve;
});
const requests: { path: string; headers: http.IncomingHttpHeaders }[] = [];
const server = http.createServer((request, response) => {
  const path = request.url ?? '/';
  requests.push({ path, headers: request.headers });
  if (path === '/private.jsonl' && request.headers.authorization !== 'Bearer partner-token') {
    response.writeHead(401).end();
    return;
  }
  const redirect = redirects.get(path);
  if (redirect) {
    response.writeHead(302, { location: redirect }).end();
    return;
  }
  if (path === '/slow.jsonl') {
    held.then(() => response.writeHead(200, { 'content-type': 'text/plain' }).end(''));
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
  // The stand-in is on this machine: the operator's allow list names it, as FEEDS_ALLOWED_HOSTS would.
  const t = useTestApp({ feedsAllowedHosts: ['127.0.0.1'] });
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

  it('refuses an address inside the network, or with credentials in it, when the feed is added', async () => {
    const post = (url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/feeds',
        headers: { cookie: admin.cookie },
        payload: { adapter: 'url', name: 'Inside', schedule: '0 6 * * *', settings: { url } },
      });
    for (const [url, host] of [
      ['http://10.0.0.1/sales.csv', '10.0.0.1'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['http://[::1]:8080/sales.csv', '::1'],
      ['http://[::ffff:192.168.1.20]/sales.csv', '::ffff:c0a8:114'],
    ]) {
      const refused = await post(url!);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().error.fields['settings.url']).toBe(
        `${host} is an address inside the network. Feeds fetch only from the internet; FEEDS_ALLOWED_HOSTS on the server can allow a partner’s host.`,
      );
    }
    const credentials = await post('https://partner:hunter2@files.partner.example/sales.csv');
    expect(credentials.statusCode).toBe(400);
    expect(credentials.json().error.fields['settings.url']).toBe(
      'Leave the user name and password out of the address: give them as the Authorization header.',
    );
    expect(credentials.body).not.toContain('hunter2');
    const feeds = (await t.app.inject({ url: '/api/admin/feeds', headers: { cookie: admin.cookie } })).json();
    expect(feeds.feeds.map((feed: { name: string }) => feed.name)).not.toContain('Inside');
  });

  it('refuses a host that resolves inside the network, and every redirect there, before connecting', async () => {
    const port = new URL(origin).port;
    publish('/inside.jsonl', line('9', 'Scyther', 1));
    const fail = async (name: string, url: string) => {
      const feed = await addFeed(t.app, admin, {
        adapter: 'url',
        name,
        schedule: '0 6 * * *',
        settings: { url },
      });
      const { run } = await waitForRun(t.app, admin, (await runNow(t.app, admin, feed.id)).id);
      expect(run).toMatchObject({ status: 'failed', attempts: 1, stored: 0 });
      return run.lastError;
    };
    const asked = () => requests.filter((request) => request.path === '/inside.jsonl').length;

    // localhost is this stand-in's own machine, but not a host the operator allowed.
    expect(await fail('Local name', `http://localhost:${port}/inside.jsonl`)).toBe(
      'localhost resolves to an address inside the network. Feeds fetch only from the internet; FEEDS_ALLOWED_HOSTS on the server can allow a partner’s host.',
    );
    redirects.set('/to-metadata', 'http://169.254.169.254/latest/meta-data/iam/security-credentials/');
    redirects.set('/to-local-name', `http://localhost:${port}/inside.jsonl`);
    redirects.set('/to-loopback', `http://[::1]:${port}/inside.jsonl`);
    redirects.set('/to-credentials', `http://user:secret@127.0.0.1:${port}/inside.jsonl`);
    const host = new URL(origin).host;
    expect(await fail('To metadata', `${origin}/to-metadata`)).toBe(
      `${host} redirected elsewhere: 169.254.169.254 is an address inside the network. Feeds fetch only from the internet; FEEDS_ALLOWED_HOSTS on the server can allow a partner’s host.`,
    );
    expect(await fail('To a local name', `${origin}/to-local-name`)).toMatch(
      new RegExp(`^${host} redirected elsewhere: localhost resolves to an address inside the network`),
    );
    expect(await fail('To loopback', `${origin}/to-loopback`)).toMatch(
      new RegExp(`^${host} redirected elsewhere: ::1 is an address inside the network`),
    );
    expect(await fail('To credentials', `${origin}/to-credentials`)).toBe(
      `${host} redirected elsewhere: The address has a user name or password in it.`,
    );
    // Nothing was asked of the address behind any refusal, though a server answers there.
    expect(asked()).toBe(0);
  });

  it('follows a redirect within allowed hosts, without the authorization when it leads to another origin', async () => {
    publish('/moved.jsonl', line('10', 'Pinsir', 150));
    const other = http.createServer((request, response) => {
      requests.push({ path: `other:${request.url}`, headers: request.headers });
      response.writeHead(200).end(line('11', 'Pinsir', 151));
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      redirects.set('/old.jsonl', '/moved.jsonl');
      redirects.set('/away.jsonl', `http://127.0.0.1:${(other.address() as AddressInfo).port}/file.jsonl`);
      const secrets = { authorization: 'Bearer partner-token' };
      const same = await addFeed(t.app, admin, {
        adapter: 'url',
        name: 'Moved',
        schedule: '0 6 * * *',
        settings: { url: `${origin}/old.jsonl` },
        secrets,
      });
      expect((await waitForRun(t.app, admin, (await runNow(t.app, admin, same.id)).id)).run).toMatchObject({
        status: 'succeeded',
        stored: 1,
      });
      expect(
        requests.filter((request) => request.path === '/moved.jsonl').at(-1)!.headers.authorization,
      ).toBe(secrets.authorization);
      const away = await addFeed(t.app, admin, {
        adapter: 'url',
        name: 'Away',
        schedule: '0 6 * * *',
        settings: { url: `${origin}/away.jsonl` },
        secrets,
      });
      expect((await waitForRun(t.app, admin, (await runNow(t.app, admin, away.id)).id)).run).toMatchObject({
        status: 'succeeded',
        stored: 1,
      });
      const elsewhere = requests.find((request) => request.path === 'other:/file.jsonl')!;
      expect(elsewhere.headers.authorization).toBeUndefined();
    } finally {
      other.close();
    }
  });

  it('deletes a feed with its runs once no run is under way, and keeps the sales it brought', async () => {
    const feed = await addFeed(t.app, admin, {
      adapter: 'url',
      name: 'Slow partner',
      schedule: '0 6 * * *',
      settings: { url: `${origin}/slow.jsonl` },
    });
    const deleteFeed = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/admin/feeds/${feed.id}`,
        headers: { cookie: admin.cookie },
      });
    const { id } = await runNow(t.app, admin, feed.id);
    const busy = await deleteFeed();
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toEqual({
      code: 'conflict',
      message: 'This feed has a run under way. Wait for it to finish, then delete the feed.',
    });
    release();
    await waitForRun(t.app, admin, id);
    const sales = await t.database.handle.db.selectFrom('sales').select('id').execute();

    const deleted = await deleteFeed();
    expect(deleted.statusCode).toBe(204);
    expect((await deleteFeed()).statusCode).toBe(404);
    const run = await t.app.inject({ url: `/api/admin/feed-runs/${id}`, headers: { cookie: admin.cookie } });
    expect(run.statusCode).toBe(404);
    expect(await t.database.handle.db.selectFrom('sales').select('id').execute()).toEqual(sales);
    const audit = await t.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('subject', '=', feed.id)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['feed.create', 'feed.run', 'feed.delete']);
  });
});
