import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registerViaApi } from './auth-helpers.ts';
import { writeLabelVideo } from './fake-camera.ts';
import { test as base, expect, expectAccessible } from './fixtures.ts';

// A certificate the PSA stand-in answers for (tests/helpers/psa-stand-in.ts): Fossil Gengar, PSA MINT 9.
const GENGAR = '40001001';

/**
 * Chromium with a camera that films a PSA label: the fake camera plays a video of the label's barcode,
 * made before the browser starts, and the browser allows it without asking. The fake camera is a launch
 * flag, so these tests get a browser of their own.
 */
const test = base.extend<object, { labelVideo: string }>({
  labelVideo: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const file = path.join(os.tmpdir(), `holoscope-label-${process.pid}-${workerInfo.workerIndex}.y4m`);
      await writeLabelVideo(file, GENGAR);
      await use(file);
      fs.rmSync(file, { force: true });
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, labelVideo }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-device-for-media-stream',
          '--use-fake-ui-for-media-stream',
          `--use-file-for-fake-video-capture=${labelVideo}`,
        ],
      });
    },
    { scope: 'worker' },
  ],
});

const fitsTheScreen = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('Scan a slab with the camera', () => {
  test('the camera reads the label, the slab shows with its estimate and joins the collection in one tap @mobile', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await registerViaApi(page);
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/certs/${GENGAR}/slab`) lookups.push(request.url());
    });
    const readers: { url: string; type: string | undefined }[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.wasm'))
        readers.push({ url: response.url(), type: response.headers()['content-type'] });
    });
    await page.goto('/scan');
    await expect(page.getByRole('button', { name: 'Scan the label with the camera' })).toBeVisible();
    // Chromium on Linux has no barcode reader of its own: ZXing's comes from this server, and only now.
    expect(readers).toEqual([]);
    await page.getByRole('button', { name: 'Scan the label with the camera' }).click();
    await expect(page.getByLabel('The camera’s view')).toBeVisible();

    const slab = page.getByRole('region', { name: 'Fossil Gengar 5/62, 1st Edition' });
    await expect(slab.getByText('PSA MINT 9 · grade 9')).toBeVisible({ timeout: 15_000 });
    await expect(slab.getByRole('term').filter({ hasText: 'Estimate' })).toBeVisible();
    await expect(slab.getByText(/^(from this grade’s recent sales|scaled from|no basis)/)).toBeVisible();
    await expect(page.getByLabel('PSA certificate number')).toHaveValue(GENGAR);

    // The camera stays on for the next slab; the label still in view is not looked up again.
    await expect(page.getByRole('button', { name: 'Stop the camera' })).toBeVisible();
    await page.waitForTimeout(1_500);
    expect(lookups).toHaveLength(1);
    expect(readers).toEqual([
      {
        url: expect.stringMatching(/^http:\/\/localhost:\d+\/assets\/zxing_reader-[\w-]+\.wasm$/),
        type: 'application/wasm',
      },
    ]);
    expect(await fitsTheScreen(page)).toBe(true);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add to my collection' }).click();
    await expect(page.getByText(`Added to your collection with certificate ${GENGAR}.`)).toBeVisible();
    await page.getByRole('button', { name: 'Stop the camera' }).click();
    await expect(page.getByLabel('The camera’s view')).toHaveCount(0);

    await page.goto('/profile');
    const cards = page.getByRole('list', { name: 'Collected cards' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Gengar');
    await expect(cards.first()).toContainText('PSA 9');
    await expect(cards.first()).toContainText(`Cert ${GENGAR}`);
  });

  test('a refused camera is said plainly and the typed number still works, at 375 px @mobile', async ({
    page,
  }) => {
    // The person answers the browser's question with Block.
    await page.addInitScript(() => {
      MediaDevices.prototype.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.setViewportSize({ width: 375, height: 780 });
    await page.goto('/scan');
    await page.getByRole('button', { name: 'Scan the label with the camera' }).click();
    await expect(
      page.getByText(
        'The camera is not allowed, so the label cannot be scanned: type the certificate number instead.',
      ),
    ).toBeVisible();
    await expect(page.getByLabel('The camera’s view')).toHaveCount(0);

    await page.getByLabel('PSA certificate number').fill(GENGAR);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('region', { name: 'Fossil Gengar 5/62, 1st Edition' })).toBeVisible();
    expect(await fitsTheScreen(page)).toBe(true);
    await expectAccessible(page);
  });

  test('a phone without any camera offers none and the typed number still works, at 375 px @mobile', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'mediaDevices', { get: () => undefined });
    });
    await page.setViewportSize({ width: 375, height: 780 });
    await page.goto('/scan');
    await expect(page.getByText('No camera was found: type the certificate number instead.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Scan the label with the camera' })).toHaveCount(0);

    await page.getByLabel('PSA certificate number').fill(GENGAR);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('region', { name: 'Fossil Gengar 5/62, 1st Edition' })).toBeVisible();
    expect(await fitsTheScreen(page)).toBe(true);
    await expectAccessible(page);
  });
});
