import { expect, test } from './fixtures.ts';

// A certificate the PSA stand-in answers for (tests/helpers/psa-stand-in.ts): Fossil Gengar, PSA MINT 9.
const GENGAR = '40001001';
const OFFLINE = 'You’re offline. Looking up a certificate needs a connection.';

test.describe('the installed app', () => {
  test('the page links a valid web manifest whose icons are PNGs of the sizes it says', async ({
    page,
    request,
  }) => {
    await page.goto('/scan');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f172a');
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');

    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Holoscope',
      short_name: 'Holoscope',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f172a',
      background_color: '#f8fafc',
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const { src, sizes } of [...icons, { src: touchIcon ?? '', sizes: '180x180' }]) {
      const icon = await request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type']).toBe('image/png');
      const png = await icon.body();
      // A PNG's header gives its width and height as the first two numbers of its IHDR chunk.
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(sizes);
    }

    const worker = await request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
  });

  test('a lookup without a connection says so, keeps the number and goes out when the connection is back @mobile', async ({
    page,
    context,
  }) => {
    await page.goto('/scan');
    await expect(page.getByRole('heading', { level: 1, name: 'Scan a slab' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();

    await page.getByLabel('PSA certificate number').fill(GENGAR);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(
      page.getByText(`Certificate ${GENGAR} will be looked up as soon as you are back online.`),
    ).toBeVisible();
    await expect(page.getByLabel('PSA certificate number')).toHaveValue(GENGAR);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);

    await context.setOffline(false);
    await expect(page.getByText(OFFLINE)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Fossil Gengar 5/62, 1st Edition' })).toBeVisible();
  });
});

test.describe('the offline shell', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the service worker keeps the shell, and the scan page opens from it without a connection @mobile', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/scan');
    await expect(page.getByRole('heading', { level: 1, name: 'Scan a slab' })).toBeVisible();
    // Installed and in charge of this page: the shell is kept.
    const kept = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
      const names = await caches.keys();
      const cache = await caches.open(names.find((name) => name.startsWith('holoscope-shell-')) ?? '');
      const shell = await cache.match('/');
      return {
        scope: registration.scope,
        caches: names,
        nonce: /nonce="([^"]+)"/.exec((await shell?.text()) ?? '')?.[1],
        scripts: (await cache.keys()).filter((request) => request.url.endsWith('.js')).length,
      };
    });
    expect(kept.scope).toBe(new URL('/', page.url()).href);
    expect(kept.caches).toEqual([expect.stringMatching(/^holoscope-shell-\w+$/)]);
    expect(kept.scripts).toBeGreaterThan(0);
    expect(kept.nonce).toBeTruthy();

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Scan a slab' })).toBeVisible();
    // The page is the kept shell, not a fresh answer of the server: it carries the kept page's nonce.
    const nonce = await page.evaluate(
      () => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce,
    );
    expect(nonce).toBe(kept.nonce);
    // The browser may believe it is online (as on a network without internet): the failed lookup says why.
    await page.getByLabel('PSA certificate number').fill(GENGAR);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Holoscope could not be reached: you may be offline. Looking up a certificate needs a connection.',
    );
    await expect(page.getByLabel('PSA certificate number')).toHaveValue(GENGAR);
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('region', { name: 'Fossil Gengar 5/62, 1st Edition' })).toBeVisible();
    await context.setOffline(false);
  });
});
