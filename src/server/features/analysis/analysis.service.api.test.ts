import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalysisQuerySchema } from '#shared/schemas/sales.ts';
import { daysAgo, insertSales } from '../../../../tests/helpers/sales-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { SalesEvents } from '../../sales/changes/sales-events.ts';
import { CardSalesStore } from '../../sales/columns/card-sales-store.ts';
import { analysisJson } from './analysis.service.ts';
import { type AnalysisCaches, createAnalysisCaches } from './analysis-cache.ts';

const charizard = AnalysisQuerySchema.parse({ card: 'charizard' });

/**
 * The database as the analysis sees it, counting what it reads: every query, the reads of all a card's
 * sales, and the looks at the sales change log.
 */
function counting(handle: DatabaseHandle) {
  const counts = { queries: 0, cardReads: 0, logReads: 0 };
  const executor = handle.db.getExecutor();
  const kinds = new WeakMap<object, 'card' | 'log' | 'other'>();
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      const text = executor.compileQuery(args.node, args.queryId).sql;
      const kind = /json_agg|json_group_array/.test(text)
        ? 'card'
        : /from "?sales_changes"?/.test(text)
          ? 'log'
          : 'other';
      if (!kinds.has(args.queryId)) kinds.set(args.queryId, kind);
      return args.node;
    },
    // Once per query sent; subqueries pass through transformQuery too, but come back within their query.
    async transformResult(args) {
      counts.queries += 1;
      if (kinds.get(args.queryId) === 'card') counts.cardReads += 1;
      if (kinds.get(args.queryId) === 'log') counts.logReads += 1;
      return args.result;
    },
  };
  const counted = handle.db.withPlugin(plugin);
  return { database: { ...handle, db: counted, read: counted }, counts };
}

describe('analysis service', () => {
  let test: TestDatabase;
  let events: SalesEvents;
  let caches: AnalysisCaches;
  let reads: ReturnType<typeof counting>;
  const log = { error: vi.fn() };
  const analyse = async (query = charizard, database: DatabaseHandle = reads.database) =>
    JSON.parse((await analysisJson({ database, analysisCaches: caches }, query, log)).toString());

  beforeAll(async () => {
    test = await createTestDatabase();
    await insertSales(test.handle, [
      {
        card_name: 'Charizard',
        sold_at: daysAgo(10),
        price_cents: 20_000,
        grading_company: 'PSA',
        grade: 10,
      },
      {
        card_name: 'Charizard',
        sold_at: daysAgo(55),
        price_cents: 10_000,
        grading_company: 'CGC',
        grade: 8.5,
      },
    ]);
  });
  afterAll(async () => {
    await test?.drop();
  });
  beforeEach(() => {
    events = new SalesEvents();
    caches = createAnalysisCaches(events, new CardSalesStore());
    reads = counting(test.handle);
    log.error.mockClear();
  });

  it('answers a failed search with the empty result, logs it and does not keep it', async () => {
    // A connection of its own that is used once and closed: the database has gone away.
    const gone = connectDatabase({
      databaseUrl: test.databaseUrl,
      dataDir: test.dataDir,
      ...(test.schema ? { schema: test.schema } : {}),
    });
    await sql`select 1`.execute(gone.db);
    await gone.close();
    expect(await analyse(charizard, gone)).toMatchObject({
      cardName: 'Charizard',
      cardNumber: 'N/A',
      rarity: 'N/A',
      cardId: null,
      total: 0,
    });
    expect(log.error).toHaveBeenCalledOnce();
    expect(await analyse()).toMatchObject({ cardNumber: '4/102', total: 2 });
  });

  it('computes once for identical searches that arrive together', async () => {
    const answers = await Promise.all([analyse(), analyse()]);
    expect(answers[1]).toEqual(answers[0]);
    expect(reads.counts).toEqual({ queries: 2, cardReads: 1, logReads: 0 });
  });

  it('reuses the statistics for another page and reads only that page', async () => {
    await analyse({ ...charizard, pageSize: 1 });
    const second = await analyse({ ...charizard, pageSize: 1, page: 2 });
    expect(second).toMatchObject({ page: 2, total: 2, sales: [{ price: 100 }] });
    expect(reads.counts).toEqual({ queries: 3, cardReads: 1, logReads: 0 });
  });

  it('does not keep an answer computed while sales changed', async () => {
    const answer = analyse();
    events.changed();
    await answer;
    await analyse();
    expect(reads.counts).toMatchObject({ cardReads: 1, logReads: 1 });
    await analyse({ ...charizard, period: '30d' });
    expect(reads.counts).toMatchObject({ cardReads: 1, logReads: 2 });
  });

  it("reads a card's sales once, and after a change only the change log's entries since", async () => {
    const all = await analyse();
    const recent = await analyse({ ...charizard, period: '30d' });
    const psa = await analyse({ ...charizard, grader: 'PSA' });
    expect([all.total, recent.total, psa.total]).toEqual([2, 1, 1]);
    expect(reads.counts).toMatchObject({ cardReads: 1, logReads: 2 });
    events.changed();
    await analyse();
    expect(reads.counts).toMatchObject({ cardReads: 1, logReads: 3 });
  });
});
