import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCards } from '#shared/catalogue.ts';
import { dayBefore } from '#shared/schemas/admin.ts';
import { makeAdmin, type TestUser } from '../../helpers/auth.ts';
import { addFeed, runNow, waitForRun } from '../../helpers/feeds.ts';
import { useTestApp } from '../../helpers/test-app.ts';

/** Addresses inside the network, written as an admin or a redirect might write them. */
const insideAddress = fc.oneof(
  fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([b, c, d]) => `10.${b}.${c}.${d}`),
  fc
    .tuple(fc.integer({ min: 16, max: 31 }), fc.nat(255), fc.nat(255))
    .map(([b, c, d]) => `172.${b}.${c}.${d}`),
  fc.tuple(fc.nat(255), fc.nat(255)).map(([c, d]) => `192.168.${c}.${d}`),
  fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([b, c, d]) => `127.${b}.${c}.${d}`),
  fc.tuple(fc.nat(255), fc.nat(255)).map(([c, d]) => `169.254.${c}.${d}`),
  fc.constantFrom(
    '169.254.169.254',
    '0.0.0.0',
    '2130706434',
    '0x7f.0.0.2',
    '0xa.1',
    '3232235777',
    '[::1]',
    '[::]',
    '[::ffff:127.0.0.1]',
    '[::ffff:169.254.169.254]',
    '[64:ff9b::10.0.0.1]',
    '[fd00:ec2::254]',
    '[fe80::1]',
    '[fc00::abcd]',
  ),
);
const port = fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined });
const insideUrl = fc
  .tuple(fc.constantFrom('http', 'https'), insideAddress, port, fc.webPath())
  .map(([scheme, host, number, where]) => `${scheme}://${host}${number ? `:${number}` : ''}${where || '/'}`)
  // The one host these tests allow, however it is written, is no probe.
  .filter((url) => new URL(url).hostname !== '127.0.0.1');

const NAMES = [...new Set(allCards().map((card) => card.name))];
/** Titles that make a reader work hard: long runs of names, grades, numbers and the words around them. */
const adversarialTitle = fc
  .tuple(
    fc.array(
      fc.oneof(
        fc.constantFrom(...NAMES),
        fc.constantFrom(
          '1st edition',
          'psa 10',
          'bgs 9.5',
          'holo',
          'non-holo',
          '4/102',
          '#5',
          'dark',
          'gx',
          '- -',
        ),
        fc.string({ maxLength: 4 }),
      ),
      { minLength: 1, maxLength: 4 },
    ),
    fc.integer({ min: 1, max: 100_000 }),
  )
  .map(([parts, length]) => {
    const token = `${parts.join(' ')} `;
    return token.repeat(Math.ceil(length / token.length)).slice(0, length);
  });

describe('hostile feeds', () => {
  // The partner stand-in is on this machine, as FEEDS_ALLOWED_HOSTS would allow it; nothing else is.
  const t = useTestApp({ feedsAllowedHosts: ['127.0.0.1'] });
  let admin: TestUser;
  let location = '';
  const asked: string[] = [];
  const partner = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(302, { location }).end();
  });

  beforeAll(async () => {
    admin = await makeAdmin(t);
    await t.app.context.feeds.start();
    await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => partner.close(() => resolve())));

  it('never adds a URL feed whose address is inside the network', async () => {
    await fc.assert(
      fc.asyncProperty(insideUrl, async (url) => {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/admin/feeds',
          headers: { cookie: admin.cookie },
          payload: { adapter: 'url', name: 'Inside', schedule: '0 6 * * *', settings: { url } },
        });
        expect(answer.statusCode, url).toBe(400);
        expect(answer.json().error.fields['settings.url'], url).toMatch(/is an address inside the network/);
      }),
      { numRuns: 60 },
    );
  });

  it('never follows a redirect inside the network', async () => {
    const origin = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
    const feed = await addFeed(t.app, admin, {
      adapter: 'url',
      name: 'Redirecting partner',
      schedule: '0 6 * * *',
      settings: { url: `${origin}/sales.jsonl` },
    });
    await fc.assert(
      fc.asyncProperty(insideUrl, async (url) => {
        location = url;
        const { run } = await waitForRun(t.app, admin, (await runNow(t.app, admin, feed.id)).id);
        expect(run, url).toMatchObject({ status: 'failed', attempts: 1, stored: 0 });
        expect(run.lastError, url).toMatch(/redirected elsewhere: .* is an address inside the network/);
      }),
      { numRuns: 12 },
    );
    // Each run asked the partner once, and nothing behind its redirects.
    expect(asked.every((where) => where === '/sales.jsonl')).toBe(true);
  });

  it('accounts for every record of a dropped file of adversarial titles, refusing the long ones unread', async () => {
    const feed = await addFeed(t.app, admin, {
      adapter: 'folder',
      name: 'Adversarial titles',
      schedule: '0 6 * * *',
      settings: { folder: 'adversarial' },
    });
    let file = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(adversarialTitle, { minLength: 1, maxLength: 6 }), async (titles) => {
        file += 1;
        const lines = titles.map((title, n) =>
          JSON.stringify({
            source_ref: `adversarial-${file}-${n}`,
            title,
            price: 100 + n,
            timestamp: `${dayBefore(1)}T12:00:00Z`,
            seller: 'adversary',
          }),
        );
        fs.writeFileSync(path.join(t.config.feedsDir, 'adversarial', `${file}.jsonl`), lines.join('\n'));
        const { run, refusals } = await waitForRun(t.app, admin, (await runNow(t.app, admin, feed.id)).id);
        expect(run.status).toBe('succeeded');
        expect(run.stored + run.duplicates + run.refused).toBe(titles.length);
        const long = titles.filter((title) => title.trim().length > 300).length;
        expect(
          refusals.filter((refusal) => refusal.reason === 'title is longer than 300 characters'),
        ).toHaveLength(long);
        for (const refusal of refusals) expect(refusal.title?.length ?? 0).toBeLessThanOrEqual(301);
      }),
      { numRuns: 5 },
    );
  });
});
