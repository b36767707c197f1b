import fc from 'fast-check';
import { sql } from 'kysely';
import type { DatabaseHandle } from '#server/db/connect.ts';

/** Strings that try to end up as markup in a page. */
const MARKUP_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg/onload=alert(1)>",
  '</textarea><script>alert(document.cookie)</script>',
  'javascript:alert(1)',
  '<iframe src="https://evil.example"></iframe>',
] as const;

const NASTY_STRINGS = [
  ...MARKUP_PAYLOADS,
  '',
  ' ',
  '\u0000',
  '\r\nSet-Cookie: pwned=1',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '%s%s%s%n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  '\uFEFF\u202E\u200B',
  'Ｃｈａｒｉｚａｒｄ',
  '🔥'.repeat(300),
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(40),
  'a'.repeat(5_000),
] as const;

const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...MARKUP_PAYLOADS).map((payload) => `Charizard ${payload}`) },
  { weight: 1, arbitrary: fc.nat({ max: 100_000 }).map((length) => 'x'.repeat(length)) },
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 0.001, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, 1e308, 10.005),
);

/** An object whose own keys may be __proto__ and friends, as JSON.parse would produce them. */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  }
  return target;
}

const hostileKey = fc.oneof(fc.constantFrom(...DANGEROUS_KEYS), fc.string({ maxLength: 12 }));

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map(objectOf),
  ),
})).value;

/** A JSON body: the route's own fields with hostile values, extra hostile keys, or not an object at all. */
export function hostileBody(knownKeys: readonly string[]): fc.Arbitrary<unknown> {
  const fields = fc
    .tuple(
      fc
        .subarray([...knownKeys])
        .chain((keys) => fc.tuple(...keys.map((key) => fc.tuple(fc.constant(key), hostileValue)))),
      fc.array(fc.tuple(hostileKey, hostileValue), { maxLength: 3 }),
    )
    .map(([known, extra]) => objectOf([...(known as [string, unknown][]), ...extra]));
  return fc.oneof({ weight: 4, arbitrary: fields }, { weight: 1, arbitrary: hostileValue });
}

/** Request bodies that are not JSON even though they say so, or are too big or too deep. */
export const rawBody = fc.constantFrom(
  '{"saleIds":',
  '{"a":1,"a":2,"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  'null',
  '\u0000\u0001\u0002',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  JSON.stringify({ padding: 'x'.repeat(1_100_000) }),
);

export const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'text/html',
);

/** Every string a request carried, to look for in what came back. */
export function stringsIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      stringsIn(item, into);
    }
  }
  return into;
}

/** Tables a request can change; a rejected one must leave every row as it was. */
export const STORED_TABLES = [
  'users',
  'sessions',
  'sales',
  'deleted_sales',
  'collection_items',
  'offers',
  'media',
  'cert_lookups',
  'audit_log',
  'inquiries',
  'login_failures',
] as const;

export async function snapshotOf(
  database: DatabaseHandle,
  tables: readonly string[] = STORED_TABLES,
): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      database.db,
    );
    snapshot[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}
