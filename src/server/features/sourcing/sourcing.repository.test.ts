import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createDemoCollectors } from '../demo-data/demo-collectors.ts';
import { collectedCopiesQuery, countCollectedCopies } from './sourcing.repository.ts';
import { findCollectors } from './sourcing.service.ts';

describe('Source search on SQLite', () => {
  let dataDir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-sourcing-'));
    handle = connectDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(handle);
    await createDemoCollectors(handle, { collectors: 300, items: 5000, seed: 7 });
  });

  afterAll(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const plan = (compiled: { sql: string; parameters: readonly unknown[] }) =>
    handle
      .sqlite!.prepare(`explain query plan ${compiled.sql}`)
      .all(...compiled.parameters)
      .map((step) => (step as { detail: string }).detail);

  it('reads a page through collection_items_source and joins owners by id, without scanning', () => {
    const query = { setId: 'base_set' as const, cardName: 'Charizard', limit: 50, offset: 100 };
    const steps = plan(collectedCopiesQuery(handle.db, query).compile());
    expect(steps).toContainEqual(
      expect.stringMatching(
        /^SEARCH collection_items USING COVERING INDEX collection_items_source \(set_id=\? AND card_name=\? AND list=\?\)/,
      ),
    );
    expect(steps).toContainEqual(
      expect.stringMatching(/^SEARCH u USING INDEX sqlite_autoindex_users_1 \(id=\?\)/),
    );
    expect(steps.filter((step) => step.startsWith('SCAN'))).toEqual([]);
  });

  it("reads each collector's reputation in the same query, one row by key", () => {
    const query = { setId: 'base_set' as const, cardName: 'Charizard', limit: 50, offset: 0 };
    const steps = plan(collectedCopiesQuery(handle.db, query).compile());
    expect(steps).toContainEqual(
      expect.stringMatching(
        /^SEARCH reputation USING INDEX sqlite_autoindex_collector_reputation_1 \(user_id=\?\) LEFT-JOIN/,
      ),
    );
    expect(steps.filter((step) => /offer_ratings|offers|offer_deals/.test(step))).toEqual([]);
    expect(steps.filter((step) => step.startsWith('SCAN'))).toEqual([]);
  });

  it('pages in a stable order that matches the total', async () => {
    const total = await countCollectedCopies(handle.db, 'base_set', 'Charizard');
    expect(total).toBeGreaterThan(100);
    const log = { warn: vi.fn() };
    const seen: string[] = [];
    const pages = Math.ceil(total / 100);
    for (let page = 1; page <= pages; page++) {
      const body = await findCollectors(
        handle.db,
        { set: 'base_set', card: 'Charizard', page, pageSize: 100 },
        log,
      );
      expect(body.total).toBe(total);
      seen.push(...body.collectors.map((collector) => collector.itemId));
    }
    expect(new Set(seen).size).toBe(total);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('answers an empty list when the search fails (docs/product.md §8)', async () => {
    const brokenDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-broken-'));
    const broken = connectDatabase({ databaseUrl: undefined, dataDir: brokenDir });
    await broken.close();
    fs.rmSync(brokenDir, { recursive: true, force: true });
    const log = { warn: vi.fn() };
    const body = await findCollectors(
      broken.db,
      { set: 'base_set', card: 'charizard', page: 1, pageSize: 50 },
      log,
    );
    expect(body).toEqual({
      cardName: 'Charizard',
      setId: 'base_set',
      collectors: [],
      total: 0,
      page: 1,
      pageSize: 50,
    });
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});
