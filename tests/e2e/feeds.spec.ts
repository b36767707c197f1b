import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

/** The admin the e2e server is started with (playwright.config.ts). */
const ADMIN = { email: 'admin@holoscope.test', password: 'admin-password-1' };
const PARTNER_TOKEN = 'Bearer e2e-partner-token';

async function signInAsAdmin(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: ADMIN });
  expect(response.status(), await response.text()).toBe(200);
}

/** A partner's file server on this machine; its first answer waits until `release`, so the run is seen going. */
async function partnerFileServer(lines: string[]) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const authorizations: (string | undefined)[] = [];
  const server = http.createServer(async (request, response) => {
    authorizations.push(request.headers.authorization);
    await released;
    response.writeHead(200, { 'content-type': 'application/x-ndjson', etag: '"e2e-1"' });
    response.end(lines.join('\n'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sales.jsonl`,
    authorizations,
    release,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

test.describe('admin feeds page', () => {
  test('an admin adds a feed, runs it, watches it go and reads its refused titles @mobile', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const tag = crypto.randomBytes(3).toString('hex');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const lot = `Lot of 5 Jungle 1st Edition Holos PSA 8 ${tag}`;
    const partner = await partnerFileServer([
      JSON.stringify({
        source_ref: `e2e-${tag}-1`,
        title: 'Snorlax 11/64 Jungle 1st Edition Holo PSA 9',
        price: 640,
        timestamp: `${yesterday}T15:00:00Z`,
        seller: 'e2e_partner',
      }),
      JSON.stringify({
        source_ref: `e2e-${tag}-2`,
        set_id: 'jungle_set',
        card_name: 'Scyther',
        price: 210.5,
        sale_date: yesterday,
        seller: 'e2e_partner',
      }),
      JSON.stringify({
        source_ref: `e2e-${tag}-3`,
        title: lot,
        price: 900,
        timestamp: `${yesterday}T16:00:00Z`,
        seller: 'e2e_partner',
      }),
    ]);
    try {
      await signInAsAdmin(page);
      await page.goto('/admin-database');
      await page.getByRole('link', { name: 'Feeds' }).click();
      await expect(page.getByRole('heading', { name: 'Feeds', level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();

      await page.getByRole('button', { name: 'Add feed' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add feed' });
      await dialog.getByLabel('Source').selectOption({ label: 'Sales file at a URL' });
      const name = `Partner ${tag}`;
      await dialog.getByLabel('Name').fill(name);
      const schedule = dialog.getByLabel('Schedule (cron, UTC)');
      await schedule.fill('every morning');
      await dialog.getByLabel('File address').fill(partner.url);
      await dialog.getByLabel('Authorization header (optional)').fill(PARTNER_TOKEN);
      await dialog.getByRole('button', { name: 'Add feed' }).click();
      // The schedule is checked before anything is sent, and the field says what is wrong.
      await expect(schedule).toBeFocused();
      await expect(schedule).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog.getByText(/cron syntax with five fields/)).toBeVisible();
      await expectAccessible(page);
      await schedule.fill('0 6 * * *');
      await dialog.getByRole('button', { name: 'Add feed' }).click();
      await expect(dialog).toBeHidden();

      const card = page.getByRole('article', { name });
      await expect(card.getByText(/Next run .+ 06:00 UTC/)).toBeVisible();
      await expect(card.getByText('No runs yet.')).toBeVisible();
      // The secret stays on the server: it is nowhere on the page or in the API's answer.
      await expect(page.getByText('e2e-partner-token')).toHaveCount(0);
      const listed = await page.request.get('/api/admin/feeds');
      expect(await listed.text()).not.toContain('e2e-partner-token');

      await card.getByRole('button', { name: 'Run now' }).click();
      await expect(card.getByRole('progressbar', { name: `Progress of ${name}` })).toBeVisible();
      await expect(card.getByText('Running', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Run now' })).toBeDisabled();
      await expectAccessible(page);
      partner.release();

      await expect(card.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(card.getByRole('progressbar')).toHaveCount(0);
      const latest = card.getByRole('region', { name: `Latest run of ${name}` });
      await expect(latest.getByRole('term')).toHaveText(['Stored', 'Duplicate', 'Refused', 'Errors']);
      await expect(latest.getByRole('definition')).toHaveText(['2', '0', '1', '0']);
      expect(partner.authorizations).toEqual([PARTNER_TOKEN]);

      await card.getByRole('button', { name: 'Runs, errors and refused titles' }).click();
      const refused = card.getByRole('region', { name: 'Refused rows' });
      await expect(refused.getByText(lot)).toBeVisible();
      await expect(
        refused.getByText('the title is refused: a lot or bundle, not one card ("lot")'),
      ).toBeVisible();
      await expect(card.getByRole('region', { name: 'Errors' }).getByText('No errors.')).toBeVisible();
      // On a phone the card, its runs and the refused title fit the screen's width: nothing to swipe to.
      for (const part of [card, refused, card.getByRole('button', { name: 'Delete' })]) {
        const box = (await part.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      }
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
      await expectAccessible(page);

      await card.getByRole('button', { name: 'Pause' }).click();
      await expect(card.getByText(/· Paused/)).toBeVisible();
      await card.getByRole('button', { name: 'Resume' }).click();
      await expect(card.getByText(/Next run .+ 06:00 UTC/)).toBeVisible();
    } finally {
      partner.close();
    }
  });

  test('an admin deletes a feed after confirming, and can change their mind first', async ({ page }) => {
    test.setTimeout(60_000);
    const name = `Old drop ${crypto.randomBytes(3).toString('hex')}`;
    await signInAsAdmin(page);
    const added = await page.request.post('/api/admin/feeds', {
      data: { adapter: 'folder', name, schedule: '0 5 * * *', settings: { folder: 'old-drop' } },
    });
    expect(added.status(), await added.text()).toBe(201);
    await page.goto('/admin-feeds');
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible({ timeout: 15_000 });

    const remove = card.getByRole('button', { name: 'Delete' });
    await remove.click();
    const confirm = page.getByRole('dialog', { name: `Delete the feed ${name}?` });
    await expect(
      confirm.getByText('Its schedule stops and its runs, errors and refused titles are removed.', {
        exact: false,
      }),
    ).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(card).toBeVisible();

    // By keyboard this time: the button opens the question, Escape leaves it, Enter on Delete feed deletes.
    await remove.press('Enter');
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await remove.press('Enter');
    await confirm.getByRole('button', { name: 'Delete feed' }).press('Enter');
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('article', { name })).toHaveCount(0);
    const listed = await page.request.get('/api/admin/feeds');
    expect(await listed.text()).not.toContain(name);
  });

  test('a collector is kept out of the Feeds page and its API', async ({ page }) => {
    const visitor = await page.request.get('/api/admin/feeds');
    expect(visitor.status()).toBe(401);
    await registerViaApi(page);
    const collector = await page.request.get('/api/admin/feeds');
    expect(collector.status()).toBe(403);
    await page.goto('/admin-feeds');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Feeds', level: 1 })).toHaveCount(0);
  });
});
