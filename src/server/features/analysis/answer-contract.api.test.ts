import { isDeepStrictEqual } from 'node:util';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PERIODS, SALE_GRADERS, SALE_SOURCES, SALE_TYPES } from '#shared/sales-constants.ts';
import { ErrorBodySchema } from '#shared/schemas/common.ts';
import { AnalysisResponseSchema } from '#shared/schemas/sales.ts';
import { LadderResponseSchema, SlabEstimateSchema } from '#shared/schemas/valuation.ts';
import { daysAgo, insertSales } from '../../../../tests/helpers/sales-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import type { App } from '../../app.ts';
import type { NewSale } from '../../db/schema.ts';
import type { FlagCode } from '../../sales/flags/flag-rules.ts';
import { refreshExcluded } from '../../sales/flags/sale-flags.repository.ts';

/**
 * The analysis, ladder and estimate answers are written as JSON by the service, past Fastify's response
 * serializer (which would check them against the route's schema), so nothing else stops them drifting from
 * the schema the OpenAPI description publishes. Every answer for fixed rows that cover every case, in every
 * period, filter, page and flag switch, is checked against the zod schema (with no key it does not declare)
 * and against the published JSON schema, and the answers together must show every case the schema allows:
 * each nullable field null and not, each list empty and not, each flag both ways, each enumerated value.
 */

type JsonSchema = {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
};

/** The cases of a published schema an answer can show, by path: `null`/`value`, `empty`/`items`, enum values. */
function casesOf(schema: JsonSchema, path: string, into: Set<string>): Set<string> {
  if (schema.nullable) into.add(`${path} null`).add(`${path} value`);
  for (const value of schema.enum ?? []) into.add(`${path} ${String(value)}`);
  if (schema.type === 'boolean') into.add(`${path} true`).add(`${path} false`);
  if (schema.type === 'array') {
    into.add(`${path} empty`).add(`${path} items`);
    casesOf(schema.items!, `${path}[]`, into);
  }
  for (const [key, property] of Object.entries(schema.properties ?? {}))
    casesOf(property, `${path}.${key}`, into);
  return into;
}

/** Records which of the schema's cases `value` shows. */
function observe(schema: JsonSchema, value: unknown, path: string, seen: Set<string>): void {
  if (schema.nullable) seen.add(`${path} ${value === null ? 'null' : 'value'}`);
  if (value === null || value === undefined) return;
  if (schema.enum || schema.type === 'boolean') seen.add(`${path} ${String(value)}`);
  if (schema.type === 'array' && Array.isArray(value)) {
    seen.add(`${path} ${value.length === 0 ? 'empty' : 'items'}`);
    for (const item of value) observe(schema.items!, item, `${path}[]`, seen);
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    observe(property, (value as Record<string, unknown>)[key], `${path}.${key}`, seen);
  }
}

/**
 * A check of JSON text against a JSON schema by the validator Fastify itself uses for JSON schemas (Ajv),
 * told neither to coerce types nor to drop undeclared keys: the schema is the body schema of a route.
 */
async function jsonSchemaCheck(schema: JsonSchema): Promise<(json: string) => Promise<string | undefined>> {
  const checker = Fastify({
    ajv: {
      customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: true },
    },
  });
  checker.post('/', { schema: { body: schema } }, async () => 'valid');
  await checker.ready();
  return async (json) => {
    const response = await checker.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: json,
    });
    return response.statusCode === 200 ? undefined : response.json().message;
  };
}

/** A schema of the description with its references to the description's components put in their place. */
function resolved(schema: unknown, components: Record<string, unknown>): JsonSchema {
  if (Array.isArray(schema)) return schema.map((entry) => resolved(entry, components)) as JsonSchema;
  if (schema === null || typeof schema !== 'object') return schema as JsonSchema;
  const { $ref, ...rest } = schema as { $ref?: string };
  if ($ref !== undefined) {
    const component = components[$ref.replace('#/components/schemas/', '')];
    if (component === undefined)
      throw new Error(`The description refers to ${$ref}, which it does not hold.`);
    return resolved(component, components);
  }
  return Object.fromEntries(Object.entries(rest).map(([key, entry]) => [key, resolved(entry, components)]));
}

/** The response schema the description publishes for a GET route and status. */
async function publishedSchema(app: App, path: string, status: number): Promise<JsonSchema> {
  const document = (await app.inject('/api/docs/json')).json();
  const schema = document.paths[path].get.responses[status].content['application/json'].schema;
  return resolved(schema, document.components.schemas);
}

/** How an answer's JSON text breaks the zod schema (with no key it does not declare) or the published one. */
async function contractProblems(
  json: string,
  schema: z.ZodType,
  check: (json: string) => Promise<string | undefined>,
): Promise<string[]> {
  const problems: string[] = [];
  const body: unknown = JSON.parse(json);
  const parsed = schema.safeParse(body);
  if (!parsed.success) problems.push(parsed.error.message);
  // zod drops keys it does not declare: the answer must be exactly what the schema keeps of it.
  else if (!isDeepStrictEqual(parsed.data, body)) problems.push('keys the zod schema does not declare');
  const invalid = await check(json);
  if (invalid) problems.push(invalid);
  return problems;
}

/** A yes or no as the database's boolean columns take it. */
type DatabaseBoolean = (value: boolean) => boolean | number;

/**
 * A sale's currency: every fifth in euros with a buyer's premium, every seventh in pounds whose original
 * amount the source did not give, the others in US dollars. Every row names every column: SQLite has no
 * DEFAULT in a multi-row insert.
 */
function currencyOf(index: number, priceCents: number): Partial<NewSale> {
  if (index % 5 === 1) {
    return { currency: 'EUR', original_price_cents: priceCents - 1_000, buyer_premium_cents: 2_000 };
  }
  const currency = index % 7 === 3 ? 'GBP' : 'USD';
  return { currency, original_price_cents: null, buyer_premium_cents: null };
}

/** Charizard's sales: every grader (and one the filter does not know), grades, periods and optional field. */
function charizardSales(bool: DatabaseBoolean): Partial<NewSale>[] {
  const graded = (grading_company: string | null, grade: number | null, days: number[], dollars: number) =>
    days.map((day, index) => ({
      card_name: 'Charizard',
      grading_company,
      grade,
      sold_at: daysAgo(day),
      price_cents: dollars * 100 + index * 1_050,
    }));
  const plain = [
    // PSA 10 and 9: enough for estimates of their own and between them, and a 90-day change.
    ...graded('PSA', 10, [2, 20, 60, 100, 150, 400], 5_000),
    ...graded('PSA', 9, [5, 45, 80, 110, 130, 170], 1_200),
    ...graded('BGS', 9.5, [10, 200], 2_500),
    ...graded('CGC', 9, [25], 900),
    ...graded('SGC', 8, [50, 300], 400),
    ...graded('TAG', 10, [15], 1_800),
    ...graded('ACE', 10, [40], 1_500),
    ...graded('PSA', null, [12], 300),
    ...graded(null, null, [3, 90, 700], 150),
  ];
  const saleTypes = [...SALE_TYPES, null, 'classified'];
  return plain.map((sale, index) => ({
    ...sale,
    seller: `seller_${index}`,
    seller_rating: index % 3 === 0 ? null : 95 + (index % 10) / 2,
    image: index % 2 === 0 ? null : String(index % 10).repeat(64),
    sale_type: saleTypes[index % saleTypes.length],
    source: index < SALE_SOURCES.length ? SALE_SOURCES[index] : index % 2 === 0 ? null : 'a-new-marketplace',
    title: index % 4 === 0 ? null : `Charizard 4/102 Base Set ${sale.grading_company ?? 'raw'}`,
    listing_url: index % 4 === 0 ? null : `https://www.ebay.com/itm/${1000 + index}`,
    cert_number: sale.grading_company === null ? null : String(40_000_000 + index),
    ...currencyOf(index, sale.price_cents),
    shipping_cents: index % 3 === 1 ? 1_250 : null,
    best_offer_accepted: bool(index % 6 === 5),
  }));
}

/** Sales each flagged by one rule (and one by two), with an admin's decision on some. */
const FLAGGED: {
  days: number;
  grade: number | null;
  codes: FlagCode[];
  status: 'open' | 'confirmed' | 'cleared';
}[] = [
  { days: 7, grade: 10, codes: ['outlier-high'], status: 'open' },
  { days: 8, grade: 9, codes: ['outlier-low'], status: 'confirmed' },
  { days: 5, grade: 9, codes: ['probable-duplicate'], status: 'open' },
  { days: 33, grade: null, codes: ['title-mismatch'], status: 'open' },
  { days: 95, grade: 9, codes: ['best-offer-unrevealed', 'title-mismatch'], status: 'open' },
  { days: 18, grade: 10, codes: ['outlier-high'], status: 'cleared' },
];

const CARDS = [
  'set=base_set&card=Charizard',
  // More sales than the chart shows: its points are a sample.
  'set=base_set&card=Blastoise',
  'set=jungle&card=scyther non-holo',
  // In the catalogue, no sales.
  'set=fossil&card=Dragonite',
  // Not in the catalogue.
  'set=fossil&card=Mewtwo EX',
];
const GRADES = [undefined, 10, 9.5, 9, 8, 7];
const FLAG_SWITCH = ['true', 'false'];
/** The default page, a later one and one past the end. */
const PAGES = [{}, { page: 2, pageSize: 10 }, { page: 999 }];

function query(parts: Record<string, string | number | undefined>): string {
  return Object.entries(parts)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/** No filter, each grader alone, each grade alone, and each pair. */
const FILTERS = [undefined, ...SALE_GRADERS].flatMap((grader) => GRADES.map((grade) => ({ grader, grade })));

/** Every filter with every sale on one page; the pages without a filter. */
const ANALYSIS_QUERIES = CARDS.flatMap((card) =>
  PERIODS.flatMap((period) =>
    FLAG_SWITCH.flatMap((includeFlagged) => [
      ...FILTERS.map((filter) => `${card}&${query({ period, ...filter, includeFlagged, pageSize: 100 })}`),
      ...PAGES.map((page) => `${card}&${query({ period, includeFlagged, ...page })}`),
    ]),
  ),
);
const LADDER_QUERIES = CARDS.flatMap((card) =>
  PERIODS.flatMap((period) =>
    FLAG_SWITCH.map((includeFlagged) => `${card}&${query({ period, includeFlagged })}`),
  ),
);
const ESTIMATE_QUERIES = CARDS.flatMap((card) =>
  SALE_GRADERS.flatMap((grader) =>
    GRADES.filter((grade) => grade !== undefined).flatMap((grade) =>
      FLAG_SWITCH.map((includeFlagged) => `${card}&${query({ grader, grade, includeFlagged })}`),
    ),
  ),
);

/** Cases the schema allows that no data can show: a grade line has at least two sales, so a median. */
const CANNOT_HAPPEN = new Set(['.series.gradeLines[].median.t empty', '.series.gradeLines[].median.p empty']);

/** Queries each route refuses: a missing or empty card, and each parameter out of its range. */
const BAD_QUERIES: Record<string, string[]> = {
  '/api/sales/analysis': [
    'card=',
    'card=Charizard&set=neo',
    'card=Charizard&period=7d',
    'card=Charizard&grader=XYZ',
    'card=Charizard&grade=10.25',
    'card=Charizard&page=0',
    'card=Charizard&pageSize=1000',
    'card=Charizard&includeFlagged=yes',
  ],
  '/api/sales/ladder': ['set=base', 'card=Charizard&period=1y', 'card=Charizard&includeFlagged=1'],
  '/api/sales/estimate': [
    'card=Charizard&grader=PSA',
    'card=Charizard&grader=XYZ&grade=9',
    'card=Charizard&grader=PSA&grade=11',
  ],
};

const ROUTES: { path: string; schema: z.ZodType; queries: string[] }[] = [
  { path: '/api/sales/analysis', schema: AnalysisResponseSchema, queries: ANALYSIS_QUERIES },
  { path: '/api/sales/ladder', schema: LadderResponseSchema, queries: LADDER_QUERIES },
  { path: '/api/sales/estimate', schema: SlabEstimateSchema, queries: ESTIMATE_QUERIES },
];

describe('the analysis answers keep their declared contract', () => {
  const t = useTestApp();

  beforeAll(async () => {
    const db = t.database.handle.db;
    const bool: DatabaseBoolean = (value) =>
      t.database.handle.dialect === 'postgres' ? value : Number(value);
    const flagged = await insertSales(
      t.database.handle,
      FLAGGED.map(({ days, grade, codes }) => ({
        card_name: 'Charizard',
        sold_at: daysAgo(days),
        grading_company: grade === null ? null : 'PSA',
        grade,
        price_cents: codes[0] === 'outlier-low' ? 100 : 4_000_000,
        sale_type: codes.includes('best-offer-unrevealed') ? 'best_offer' : 'auction',
        best_offer_accepted: bool(codes.includes('best-offer-unrevealed')),
      })),
    );
    await db
      .insertInto('sale_flags')
      .values(
        FLAGGED.flatMap(({ codes, status }, index) =>
          codes.map((code) => ({
            sale_id: flagged[index]!.id,
            code,
            reason: `Flagged as ${code} by the fixture`,
            status,
            set_id: flagged[index]!.set_id,
            card_name: flagged[index]!.card_name,
            sold_at: flagged[index]!.sold_at,
            created_at: new Date().toISOString(),
            decided_by: status === 'open' ? null : 'admin',
            decided_at: status === 'open' ? null : new Date().toISOString(),
          })),
        ),
      )
      .execute();
    await refreshExcluded(
      db,
      flagged.map((sale) => sale.id),
    );
    await insertSales(t.database.handle, charizardSales(bool));
    await insertSales(t.database.handle, [
      ...Array.from({ length: 650 }, (_, index) => ({
        card_name: 'Blastoise',
        sold_at: daysAgo(index / 5),
        price_cents: 20_000 + (index % 37) * 100,
        grading_company: SALE_GRADERS[index % 3],
        grade: 10 - (index % 4) / 2,
      })),
      { set_id: 'jungle_set', card_name: 'Scyther non-holo', sold_at: daysAgo(4), price_cents: 9_000 },
      // Same name in another set: not an answer about the Jungle card.
      { set_id: 'fossil_set', card_name: 'Scyther non-holo', price_cents: 1 },
    ]);
    // PSA's population of the 1st Edition Charizard at one grade, as a certificate lookup keeps it.
    await db
      .insertInto('psa_populations')
      .values({
        card_id: 'base_set-4',
        variant: '1st Edition',
        grade: 9,
        observed_on: daysAgo(3).slice(0, 10),
        total: 1_234,
        higher: 121,
        cert_number: '40001234',
        observed_at: daysAgo(3),
      })
      .execute();
  });

  // Some thousands of requests, each answered and checked twice.
  it.each(ROUTES)(
    'answers $path as its zod and published schemas declare, in every case',
    async (route) => {
      const published = await publishedSchema(t.app, route.path, 200);
      const check = await jsonSchemaCheck(published);
      const problems: string[] = [];
      const seen = new Set<string>();
      for (const search of route.queries) {
        const response = await t.app.inject(`${route.path}?${search}`);
        expect(response.statusCode, search).toBe(200);
        for (const problem of await contractProblems(response.body, route.schema, check)) {
          problems.push(`${search}: ${problem}`);
        }
        observe(published, response.json(), '', seen);
      }
      expect(problems).toEqual([]);
      const unseen = [...casesOf(published, '', new Set())].filter(
        (shown) => !seen.has(shown) && !CANNOT_HAPPEN.has(shown),
      );
      expect(unseen, 'cases of the schema no fixed row shows').toEqual([]);
    },
    60_000,
  );

  it.each(ROUTES.map(({ path }) => ({ path, searches: BAD_QUERIES[path]! })))(
    'answers a query $path cannot take with the error body it declares',
    async ({ path, searches }) => {
      const check = await jsonSchemaCheck(await publishedSchema(t.app, path, 400));
      for (const search of searches) {
        const response = await t.app.inject(`${path}?${search}`);
        expect(response.statusCode, search).toBe(400);
        expect(await contractProblems(response.body, ErrorBodySchema, check), search).toEqual([]);
      }
    },
  );
});
