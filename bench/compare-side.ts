// One side of `npm run bench:compare` (bench/compare.ts): fills a bench database as bench/run.ts does
// (1,000,000 demo sales, 2,000 collectors holding 20,000 cards, a collector with 500 graded cards), serves
// the app in this process, and prints one JSON line: the URLs to measure and a control server that prepares
// each request as bench/run.ts does. SQLite, or PostgreSQL when DATABASE_URL is set. It is copied into older
// checkouts to compare with them, so it imports only modules they have too and writes its sale itself rather
// than sharing bench/run.ts's.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { buildApp } from '#server/app.ts';
import type { DatabaseHandle } from '#server/db/connect.ts';
import { loadConfig } from '#server/env.ts';
import { createDemoCollectors } from '#server/features/demo-data/demo-collectors.ts';
import { loadDemoSales } from '#server/features/demo-data/load-demo-sales.ts';
import type { SaleRecord } from '#server/sales/sale-record.ts';
import { findCardById, findCardByName } from '#shared/catalogue.ts';
import type { SetId } from '#shared/sets.ts';
import { createBenchDatabase } from './bench-database.ts';
import { createGradedCollector } from './graded-collector.ts';

type WriteSales = (database: DatabaseHandle, records: readonly SaleRecord[]) => Promise<unknown>;

/** The single-change writer; a checkout from before the pipeline's move (decision 055) calls it insertSales. */
async function singleChangeWriter(): Promise<WriteSales> {
  try {
    return (await import('#server/sales/write/single-change.ts')).writeSingleChange;
  } catch {
    const older = '#server/sales/sales-write.repository.ts';
    return ((await import(older)) as { insertSales: WriteSales }).insertSales;
  }
}

const today = process.argv[2] ?? new Date().toISOString().slice(0, 10);
const writeSales = await singleChangeWriter();
const database = await createBenchDatabase();
const noEvents = { changed() {} } as never;
await loadDemoSales(
  { database: database.handle, salesEvents: noEvents },
  { seed: 1, count: 1_000_000, today },
);
await database.handle.checkpoints?.idle();
const { mostHeld } = await createDemoCollectors(database.handle, {
  collectors: 2000,
  items: 20_000,
  seed: 1,
});

const config = {
  ...loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'off', LOG_LEVEL: 'silent' }),
  dataDir: database.dataDir,
  databaseUrl: process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined,
  ...(database.schema ? { databaseSchema: database.schema } : {}),
  webDir: undefined,
};
const app = await buildApp(config, { database: database.handle, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const top = await sql<{ set_id: SetId; card_name: string }>`
  select set_id, card_name from sales group by set_id, card_name order by count(*) desc limit 1`.execute(
  database.handle.db,
);
const card = top.rows[0]!;
const busiest = findCardByName(card.set_id, card.card_name)!;
const collector = await createGradedCollector(app, 500, 7);

let stored = 0;
/** A PSA 9 sale of the card an hour older than the last one, announced as an import does. */
async function storeASaleOf(cardId: string): Promise<void> {
  const sold = findCardById(cardId)!;
  stored += 1;
  const soldAt = new Date(Date.now() - stored * 3_600_000).toISOString();
  await writeSales(database.handle, [
    {
      card_id: sold.cardId,
      set_id: sold.setId,
      card_name: sold.searchName,
      card_number: sold.number,
      card_rarity: sold.rarity,
      price_cents: 40_000 + stored,
      sold_on: soldAt.slice(0, 10),
      sold_at: soldAt,
      seller: 'bench_seller',
      seller_rating: null,
      image: null,
      grading_company: 'PSA',
      grade: 9,
      sale_type: 'auction',
      source_ref: `bench-compare:${stored}`,
    },
  ]);
  app.context.salesEvents.changed([sold.cardId]);
}

let collectorCard = 0;
const preparations: Record<string, () => void | Promise<void>> = {
  '/drop-answers': () => {
    app.context.analysisCaches.responses.clear();
    app.context.analysisCaches.summaries.clear();
  },
  '/store-sale': () => storeASaleOf(busiest.cardId),
  '/store-collector-sale': () => storeASaleOf(collector.cardIds[collectorCard++ % collector.cardIds.length]!),
  '/forget-columns': () => {
    app.context.analysisCaches.cards.clear();
    app.context.salesEvents.changed([busiest.cardId]);
  },
};
const control = http.createServer((request, response) => {
  if (request.url === '/stop') {
    response.end();
    void app
      .close()
      .then(() => database.drop())
      .then(() => process.exit(0));
    return;
  }
  const prepare = preparations[request.url ?? ''];
  if (!prepare) {
    response.writeHead(404).end();
    return;
  }
  void Promise.resolve(prepare()).then(() => response.end());
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

const cardQuery = `set=${card.set_id}&card=${encodeURIComponent(card.card_name)}`;
console.info(
  JSON.stringify({
    control: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    cookie: collector.cookie,
    urls: {
      suggestions: `${base}/api/suggestions?set=base_set&q=cha`,
      analysis: `${base}/api/sales/analysis?${cardQuery}&period=all&page=1`,
      ladder: `${base}/api/sales/ladder?${cardQuery}&period=all`,
      estimate: `${base}/api/sales/estimate?${cardQuery}&grader=PSA&grade=9`,
      value: `${base}/api/users/me/collection/value`,
      source: `${base}/api/collectors?set=${mostHeld.setId}&card=${encodeURIComponent(mostHeld.cardName)}`,
    },
  }),
);
