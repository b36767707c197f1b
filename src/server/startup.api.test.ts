import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SET_IDS } from '#shared/sets.ts';
import { useTestApp } from '../../tests/helpers/test-app.ts';
import { prepareOnStart } from './startup.ts';

describe('demo data at start', () => {
  const t = useTestApp();

  async function salesCount(): Promise<number> {
    const row = await t.app.context.database.db
      .selectFrom('sales')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  function withConfig(demoData: 'auto' | 'off', demoSales: number) {
    return { ...t.app.context, config: { ...t.app.context.config, demoData, demoSales } };
  }

  it('loads nothing when DEMO_DATA is off', async () => {
    await prepareOnStart(withConfig('off', 400), t.app.log);
    expect(await salesCount()).toBe(0);
  });

  it('loads DEMO_SALES demo sales into an empty database, including today and yesterday for every set', async () => {
    let changes = 0;
    const stop = t.app.context.salesEvents.onChange(() => {
      changes += 1;
    });
    await prepareOnStart(withConfig('auto', 400), t.app.log);
    stop();
    expect(await salesCount()).toBe(400);
    expect(changes).toBe(1);

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const days = await t.app.context.database.db
      .selectFrom('sales')
      .select(['set_id', 'sold_on'])
      .where('sold_on', 'in', [today, yesterday])
      .groupBy(['set_id', 'sold_on'])
      .execute();
    for (const setId of SET_IDS) {
      expect(days).toContainEqual({ set_id: setId, sold_on: today });
      expect(days).toContainEqual({ set_id: setId, sold_on: yesterday });
    }
    const latest = await t.app.context.database.db
      .selectFrom('sales')
      .select((eb) => eb.fn.max('sold_at').as('latest'))
      .executeTakeFirstOrThrow();
    expect(String(latest.latest) <= new Date().toISOString()).toBe(true);
  });

  it('leaves a database that has sales alone', async () => {
    await prepareOnStart(withConfig('auto', 900), t.app.log);
    expect(await salesCount()).toBe(400);
  });
});

describe('clean-up at start', () => {
  const t = useTestApp();

  it('removes upload folders an interrupted import left behind, and only old ones', async () => {
    const tmp = path.join(t.app.context.config.dataDir, 'tmp');
    const abandoned = path.join(tmp, 'import-old');
    const current = path.join(tmp, 'import-new');
    fs.mkdirSync(abandoned, { recursive: true });
    fs.writeFileSync(path.join(abandoned, 'sales.jsonl'), '{}\n');
    fs.mkdirSync(current, { recursive: true });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    fs.utimesSync(abandoned, twoDaysAgo, twoDaysAgo);

    const config = { ...t.app.context.config, demoData: 'off' as const };
    await prepareOnStart({ ...t.app.context, config }, t.app.log);

    expect(fs.existsSync(abandoned)).toBe(false);
    expect(fs.existsSync(current)).toBe(true);
  });
});
