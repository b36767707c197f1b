import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorBody } from '#shared/errors.ts';
import { registrationBody, someIp } from '../../helpers/auth.ts';
import { addItem, makeOffer } from '../../helpers/collection-factory.ts';
import {
  contentType,
  hostileBody,
  hostileString,
  hostileValue,
  rawBody,
  STORED_TABLES,
  snapshotOf,
  stringsIn,
} from './hostile-input.ts';
import {
  JSON_ROUTES_WITHOUT_NUMBERS,
  JSON_WRITE_ROUTES,
  type JsonWriteRoute,
  type JsonWriteWorld,
} from './json-write-routes.ts';
import { type RouteKey, send, useSecurityApp } from './security-app.ts';

const RUNS_PER_ROUTE = 50;
const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
/** Routes that take a session in or end it: fuzzing them with a shared user's cookie would sign it out. */
const SESSION_ROUTES = new Set(['/api/auth/register', '/api/auth/login', '/api/auth/logout']);
/** Answers that are not JSON when they succeed (an email's unsubscribe address redirects to its page). */
const NON_JSON_SUCCESS = new Set(['/api/sales/analysis.csv', '/api/live', '/api/notifications/unsubscribe']);
/**
 * A failed sign-in is counted on purpose (accounts.service.ts throttles guessing), so that table may change;
 * a wrong current password in a password change counts the same way.
 */
const WITHOUT_LOGIN_FAILURES = STORED_TABLES.filter((table) => table !== 'login_failures');
const TABLES_KEPT_BY_ROUTE: Record<string, readonly string[]> = {
  'POST /api/auth/login': WITHOUT_LOGIN_FAILURES,
  'POST /api/me/password': WITHOUT_LOGIN_FAILURES,
};

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-hostile-web-'));
fs.writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><meta property="csp-nonce" nonce="CSP_NONCE_PLACEHOLDER"></head><body><div id="root"></div></body></html>',
);

function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

const malformedPathSegment = fc.constantFrom(
  '%',
  '%E0%A4%A',
  '%ZZ',
  '..%2F..%2F',
  '%00',
  '%2e%2e',
  '..',
  '.',
);

/** The path a URL names once its dot segments are resolved, as the router and every browser resolve them. */
function resolvedPath(url: string): string {
  // Appended rather than resolved against a base: a path starting with // would name a host.
  return new URL(`http://holoscope.test${url}`).pathname;
}

function pathFor(route: RouteKey): fc.Arbitrary<string> {
  const parts = route.url.split('/').map((part): fc.Arbitrary<string> => {
    if (part === '*') {
      return fc
        .array(fc.oneof(hostileString.map(encodeURIComponent), malformedPathSegment), {
          minLength: 1,
          maxLength: 4,
        })
        .map((segments) => segments.join('/'));
    }
    if (part.startsWith(':')) {
      return fc.oneof({ weight: 4, arbitrary: hostileString.map(encodeURIComponent) }, malformedPathSegment);
    }
    return fc.constant(part);
  });
  return fc.tuple(...parts).map((segments) => segments.join('/'));
}

function queryFor(route: RouteKey): fc.Arbitrary<string> {
  // The live stream is read over a real socket, where a giant URL is the HTTP parser's business.
  const value = route.url === '/api/live' ? fc.string({ maxLength: 40 }) : hostileString;
  const keys = [...keysOf(route.schema?.querystring), '__proto__', 'constructor'];
  const pairs = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })), value), {
    maxLength: 6,
  });
  return fc.oneof(
    { weight: 5, arbitrary: pairs.map((entries) => new URLSearchParams(entries).toString()) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('set=%ZZ&card=%', 'set[]=base_set&set=jungle&set=fossil', '&&==&'),
    },
  );
}

interface HostileRequest {
  role: 'visitor' | 'collector' | 'admin';
  path: string;
  query: string;
  type: string;
  body: { raw: string } | { json: unknown } | undefined;
}

function requestFor(route: RouteKey): fc.Arbitrary<HostileRequest> {
  const roles = SESSION_ROUTES.has(route.url)
    ? fc.constant('visitor' as const)
    : fc.constantFrom('visitor' as const, 'collector' as const, 'admin' as const);
  const body = MUTATING.has(route.method)
    ? fc.oneof(
        { weight: 6, arbitrary: hostileBody(keysOf(route.schema?.body)).map((json) => ({ json })) },
        { weight: 1, arbitrary: hostileValue.map((json) => ({ json })) },
        { weight: 1, arbitrary: rawBody.map((raw) => ({ raw })) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.constant(undefined);
  return fc.record({ role: roles, path: pathFor(route), query: queryFor(route), type: contentType, body });
}

describe('hostile input', () => {
  const t = useSecurityApp({ webDir });
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

  it('finds routes to attack, the page included', () => {
    expect(t.routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /*', 'POST /api/offers', 'POST /api/admin/sales/delete']),
    );
  });

  it('refuses a NUL character in any text the same way on SQLite and PostgreSQL', async () => {
    const answers = await Promise.all([
      send(t.app, { method: 'GET', url: '/api/users/%00' }),
      send(t.app, { method: 'GET', url: '/api/collectors?set=base_set&card=Chari%00zard' }),
      send(t.app, {
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: someIp(),
        payload: registrationBody({ username: 'nul\u0000name' }),
      }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(JSON.parse(answer.body).error.code).toBe('validation');
    }
  });

  it('never fails, always answers in the contract, reflects no markup and stores nothing it refuses', async () => {
    const failures: string[] = [];
    for (const route of t.routes) {
      const key = `${route.method} ${route.url}`;
      const tables = TABLES_KEPT_BY_ROUTE[key] ?? STORED_TABLES;
      let lastFailure = '';
      await fc
        .assert(
          fc.asyncProperty(requestFor(route), async (hostile) => {
            const cookie = hostile.role === 'visitor' ? undefined : t[hostile.role].cookie;
            const payload =
              hostile.body === undefined
                ? undefined
                : 'raw' in hostile.body
                  ? hostile.body.raw
                  : JSON.stringify(hostile.body.json);
            const url = hostile.query ? `${hostile.path}?${hostile.query}` : hostile.path;
            const before = MUTATING.has(route.method)
              ? await snapshotOf(t.database.handle, tables)
              : undefined;
            const answer = await send(t.app, {
              method: route.method as 'GET',
              url,
              remoteAddress: someIp(),
              headers: {
                ...(cookie ? { cookie } : {}),
                ...(payload === undefined ? {} : { 'content-type': hostile.type }),
              },
              ...(payload === undefined ? {} : { payload }),
            });
            const type = String(answer.headers['content-type'] ?? '');
            const described = `${key} as ${hostile.role}: ${url.slice(0, 300)} ${String(payload).slice(0, 300)} → ${answer.statusCode} ${answer.body.slice(0, 300)}`;
            lastFailure = described;

            expect(answer.statusCode, described).toBeLessThan(500);
            if (answer.statusCode >= 400) {
              expect(type, described).toMatch(/^application\/json/);
              expect(isErrorBody(JSON.parse(answer.body)), described).toBe(true);
            } else if (resolvedPath(url).startsWith('/api/') && !NON_JSON_SUCCESS.has(route.url)) {
              expect(type, described).toMatch(/^application\/json/);
            }
            if (type.startsWith('text/html')) {
              const sent = [
                ...stringsIn(hostile.body && 'json' in hostile.body ? hostile.body.json : []),
                url,
              ];
              for (const decoded of [...sent, ...hostile.query.split('&').map(safeDecode)]) {
                if (/[<>"']/.test(decoded)) expect(answer.body, described).not.toContain(decoded);
              }
            }
            if (before && answer.statusCode >= 400) {
              expect(await snapshotOf(t.database.handle, tables), described).toEqual(before);
            }
          }),
          { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        )
        .catch(() => failures.push(lastFailure));
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 120_000);
});

describe('JSON writes with hostile numbers and strings', () => {
  const t = useSecurityApp();
  const world: JsonWriteWorld = { itemIds: [], offerIds: [] };
  const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

  beforeAll(async () => {
    for (const cardName of ['Blastoise', 'Venusaur', 'Alakazam', 'Gyarados', 'Mewtwo', 'Zapdos']) {
      const item = await addItem(t.app, t.collector, {
        cardName,
        cardNumber: undefined,
        acceptingOffers: true,
      });
      world.itemIds.push(item.id);
    }
    const offered = await addItem(t.app, t.collector, {
      cardName: 'Raichu',
      cardNumber: undefined,
      acceptingOffers: true,
    });
    world.offerIds.push((await makeOffer(t.app, t.other, { itemId: offered.id, amount: 40 })).id);
  });

  /** How many stored amounts of each of the route's money columns are $0 or less. */
  async function moneyOfZeroOrLess(route: JsonWriteRoute): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const { table, column } of route.money) {
      const { rows } = await sql<{ count: number | string }>`
        select count(*) as count from ${sql.table(table)} where ${sql.ref(column)} <= 0`.execute(
        t.database.handle.db,
      );
      counts[`${table}.${column}`] = Number(rows[0]?.count);
    }
    return counts;
  }

  it('knows every JSON route as one that takes numbers or one that does not', () => {
    const json = t.routes.filter((route) => route.schema?.body).map(routeKey);
    expect(json.sort()).toEqual([...JSON_WRITE_ROUTES.map(routeKey), ...JSON_ROUTES_WITHOUT_NUMBERS].sort());
  });

  it.each(JSON_WRITE_ROUTES.map((route): [string, JsonWriteRoute] => [routeKey(route), route]))(
    '%s never fails, answers in the contract and stores no money of zero dollars or less',
    async (key, route) => {
      const cookie = route.as === 'visitor' ? undefined : t[route.as].cookie;
      let lastFailure = '';
      await fc
        .assert(
          fc.asyncProperty(route.body(world), async (body) => {
            const before = await moneyOfZeroOrLess(route);
            const answer = await t.app.inject({
              method: route.method,
              url: route.target?.(world) ?? route.url,
              payload: body,
              remoteAddress: someIp(),
              ...(cookie ? { headers: { cookie } } : {}),
            });
            const described = `${key}: ${JSON.stringify(body).slice(0, 400)} → ${answer.statusCode} ${answer.body.slice(0, 300)}`;
            try {
              expect(answer.statusCode).toBeLessThan(500);
              if (answer.statusCode >= 400) expect(isErrorBody(answer.json())).toBe(true);
              expect(await moneyOfZeroOrLess(route)).toEqual(before);
            } catch (error) {
              // Shrinking runs the property again: the last failure kept is the smallest one.
              lastFailure = described;
              throw error;
            }
          }),
          { numRuns: 150 },
        )
        .catch((error: Error) => {
          throw new Error(`${lastFailure}\n${error.message}`);
        });
      expect(Object.values(await moneyOfZeroOrLess(route)).every((count) => count === 0)).toBe(true);
    },
    120_000,
  );
});

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}
