import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expect, expectAccessible, test } from './fixtures.ts';

// Certificate numbers the PSA stand-in answers for (tests/helpers/psa-stand-in.ts).
const CERTS = {
  withImages: '40000001',
  noImages: '40000003',
  unknown: '40000404',
  malformed: '1',
  rateLimited: '40000429',
};

async function search(page: Page, certNumber: string) {
  await page.getByLabel('PSA certificate number').fill(certNumber);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test.describe('PSA cert search', () => {
  test('shows a found certificate and toggles between its front and back', async ({ page }) => {
    await page.goto('/psa-search');
    await expect(page.getByRole('heading', { level: 1, name: 'Card Authentication Search' })).toBeVisible();
    await search(page, CERTS.withImages);

    const result = page.getByRole('region', { name: 'CHARIZARD-HOLO' });
    for (const [label, value] of [
      ['Brand', 'POKEMON GAME'],
      ['Variety', '1ST EDITION'],
      ['Subject', 'CHARIZARD-HOLO'],
      ['Cert Number', CERTS.withImages],
      ['Card Grade', 'GEM MT 10'],
      ['Total Population', '121'],
      ['Label Type', 'LighthouseLabel'],
    ]) {
      await expect(result.getByRole('term').filter({ hasText: label }).first()).toBeVisible();
      await expect(result.getByRole('definition').filter({ hasText: value }).first()).toBeVisible();
    }

    const front = result.getByRole('img', { name: `Front of PSA certificate ${CERTS.withImages}` });
    await expect(front).toBeVisible();
    await expect(front).toHaveJSProperty('complete', true);
    expect(await front.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(page).toHaveURL(new RegExp(`cert=${CERTS.withImages}`));

    await result.getByRole('button', { name: 'Back' }).click();
    await expect(
      result.getByRole('img', { name: `Back of PSA certificate ${CERTS.withImages}` }),
    ).toBeVisible();
    await expect(result.getByRole('button', { name: 'Back' })).toHaveAttribute('aria-pressed', 'true');
    await result.getByRole('button', { name: 'Front' }).click();
    await expect(front).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Clear Search' }).click();
    await expect(page.getByLabel('PSA certificate number')).toHaveValue('');
    await expect(result).toHaveCount(0);
    await expect(page).toHaveURL(/\/psa-search$/);
  });

  test('shows a loading state while PSA answers', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Only lookups wait: the page asks first whether lookups are available at all.
    await page.route(/\/api\/certs\/\d+/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/psa-search');
    await search(page, CERTS.noImages);
    await expect(page.getByRole('status')).toContainText(`Looking up certificate ${CERTS.noImages}`);
    await expect(page.getByRole('button', { name: 'Searching…' })).toBeDisabled();
    await expect(page.getByLabel('PSA certificate number')).toBeDisabled();
    release();
    await expect(page.getByText('No image available for this certification.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Front' })).toHaveCount(0);
  });

  test('says so for an unknown and for a malformed certificate number', async ({ page }) => {
    await page.goto('/psa-search');
    await search(page, CERTS.unknown);
    await expect(page.getByRole('alert')).toHaveText(
      `PSA has no certificate with the number ${CERTS.unknown}.`,
    );
    // PSA refuses the number itself: the server names the field, and the message shows by it.
    await search(page, CERTS.malformed);
    const field = page.getByLabel('PSA certificate number');
    const refused = 'PSA does not accept 1 as a certificate number. Check it and try again.';
    await expect(field).toHaveAccessibleDescription(refused);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page);

    await search(page, CERTS.withImages);
    await expect(page.getByRole('region', { name: 'CHARIZARD-HOLO' })).toBeVisible();
    await expect(field).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText(refused)).toHaveCount(0);
  });

  test('checks the number before asking', async ({ page }) => {
    let asked = false;
    page.on('request', (request) => {
      if (/\/api\/certs\/\d/.test(request.url())) asked = true;
    });
    await page.goto('/psa-search');
    await search(page, '12-34A');
    await expect(page.getByText('Enter a PSA certificate number: digits only.')).toBeVisible();
    await expect(page.getByLabel('PSA certificate number')).toHaveAttribute('aria-invalid', 'true');
    expect(asked).toBe(false);
  });

  test('reports PSA refusing with the status text, and can try again', async ({ page }) => {
    await page.goto(`/psa-search?cert=${CERTS.rateLimited}`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Error fetching card data: 429 Too Many Requests');
    const retried = page.waitForResponse((response) =>
      response.url().includes(`/api/certs/${CERTS.rateLimited}`),
    );
    await alert.getByRole('button', { name: 'Try again' }).click();
    expect((await retried).status()).toBe(502);
    await expect(alert).toContainText('429 Too Many Requests');
  });

  test('works at 375 px @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 780 });
    await page.goto(`/psa-search?cert=${CERTS.withImages}`);
    await expect(page.getByRole('img', { name: /Front of PSA certificate/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('the slab behind a certificate', () => {
  for (const width of [390, 1280]) {
    test(`shows the card, its estimate with the basis, the population and a link to the analysis at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      // A 1st Edition Fossil Gengar in PSA 9 (tests/helpers/psa-stand-in.ts STAND_IN_SLABS).
      await page.goto('/psa-search?cert=40001001');
      const slab = page.getByRole('region', { name: 'Fossil Gengar 5/62, 1st Edition' });
      await expect(slab).toBeVisible();
      await expect(slab.getByText('PSA MINT 9 · grade 9')).toBeVisible();
      await expect(slab.getByRole('term').filter({ hasText: 'Estimate' })).toBeVisible();
      await expect(slab.getByText(/^(from this grade’s recent sales|scaled from|no basis)/)).toBeVisible();
      await expect(slab.getByText(/^pop 1,234 · 121 higher, as of /)).toBeVisible();
      const analysis = slab.getByRole('link', { name: 'See the full analysis of Gengar' });
      await expect(analysis).toHaveAttribute(
        'href',
        /mode=analyse&set=fossil_set&card=Gengar&period=all&grader=PSA&grade=9/,
      );
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(fits).toBe(true);
      await expectAccessible(page);
    });
  }

  for (const width of [375, 1280]) {
    test(`the analysis it links to shows the population on the ladder's PSA row of that grade (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/psa-search?cert=40001001');
      await page.getByRole('link', { name: 'See the full analysis of Gengar' }).click();
      const row = page.getByRole('row', { name: /^PSA 9/ });
      await expect(row.getByText(/^pop 1,234 · 121 higher, as of /)).toBeVisible();
      await expect(page.getByRole('row', { name: /^PSA 10/ }).getByText(/^pop /)).toHaveCount(0);
      // The figures wrap under the grade on a phone rather than widening the ladder past the screen.
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(fits).toBe(true);
    });
  }

  test('the analysis draws the population over the days it was observed, and no chart for one day', async ({
    page,
  }) => {
    await page.goto('/psa-search?cert=40001001');
    await expect(page.getByText(/^pop 1,234 · 121 higher, as of /)).toBeVisible();
    await page.goto('/?mode=analyse&set=fossil_set&card=Gengar&period=all&grader=PSA&grade=9');
    await expect(page.getByRole('row', { name: /^PSA 9/ })).toBeVisible();
    // Today's lookup alone is one day: nothing to draw.
    await expect(page.getByRole('heading', { name: 'PSA population over time' })).toHaveCount(0);

    // A lookup five days ago had brought smaller figures.
    const fiveDaysAgo = new Date(Date.now() - 5 * 86_400_000).toISOString();
    const database = new Database(path.join(process.env.E2E_DATA_DIR!, 'holoscope.db'));
    try {
      database
        .prepare(
          `insert or replace into psa_populations
             (card_id, variant, grade, observed_on, total, higher, cert_number, observed_at)
           values ('fossil_set-5', '1st Edition', 9, ?, 1200, 110, '40001001', ?)`,
        )
        .run(fiveDaysAgo.slice(0, 10), fiveDaysAgo);
    } finally {
      database.close();
    }
    await page.reload();
    const history = page.getByRole('region', { name: 'PSA population over time' });
    await expect(
      history.getByRole('img', { name: /^PSA 9 population on 2 days: pop 1,200 · 110 higher/ }),
    ).toBeVisible();
    await expect(
      history.getByText(/^PSA 9, observed on 2 days from .*: now pop 1,234 · 121 higher/),
    ).toBeVisible();
    // The chart draws once its place is in view.
    await history.scrollIntoViewIfNeeded();
    await expect(history.locator('canvas')).toBeVisible();
  });

  test('says why a print has no estimate, and names no card for a Japanese print', async ({ page }) => {
    await page.goto('/psa-search?cert=40001003');
    const shadowless = page.getByRole('region', { name: 'Base Set Charizard 4/102, Shadowless' });
    await expect(
      shadowless.getByText(
        "Holoscope's sales are of 1st Edition prints, so there is no basis for an estimate of a Shadowless card.",
      ),
    ).toBeVisible();
    await expect(shadowless.getByRole('link')).toHaveCount(0);

    await search(page, '40001008');
    const japanese = page.getByRole('region', { name: 'Not a card Holoscope prices' });
    await expect(japanese.getByText(/^not an English print/)).toBeVisible();
    await expectAccessible(page);
  });
});
