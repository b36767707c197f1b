import { gzipSync } from 'node:zlib';
import type { Response } from '@playwright/test';
import { builtChunk } from './build-manifest.ts';
import { expect, test } from './fixtures.ts';

/** The most JavaScript (gzip-compressed bytes) the first visit of the home page may download. */
const BUDGET_BYTES = 150_000;

const isScript = (response: Response) => new URL(response.url()).pathname.endsWith('.js');

test('the home page loads under the JavaScript budget and fetches the chart only with an analysis', async ({
  page,
}) => {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (isScript(response)) responses.push(response);
  });

  await page.goto('/');
  // Once the search box works, every script the home page needs has arrived.
  await expect(page.getByRole('combobox', { name: 'Card name' })).toBeEditable();
  await page.waitForLoadState('load');

  const firstLoad = [...responses];
  const sizes = await Promise.all(
    firstLoad.map(async (response) => ({
      file: new URL(response.url()).pathname,
      gzipped: gzipSync(await response.body()).length,
    })),
  );
  const total = sizes.reduce((sum, { gzipped }) => sum + gzipped, 0);
  const report = sizes.map(({ file, gzipped }) => `${file}: ${gzipped}`).join('\n');
  expect(total, `JavaScript of the first load, gzipped:\n${report}\ntotal ${total}`).toBeLessThan(
    BUDGET_BYTES,
  );

  const chart = builtChunk('features/analysis/components/price-chart.tsx');
  const fetched = () => responses.map((response) => new URL(response.url()).pathname);
  expect(fetched()).not.toContain(chart);

  await page.getByRole('combobox', { name: 'Card name' }).fill('charizard');
  await page.getByRole('combobox', { name: 'Card name' }).press('Enter');
  const priceHistory = page.getByRole('img', { name: /^Price history: \d+ sales/ });
  await priceHistory.scrollIntoViewIfNeeded();
  await expect(priceHistory.locator('canvas').first()).toBeVisible();
  expect(fetched()).toContain(chart);
});
