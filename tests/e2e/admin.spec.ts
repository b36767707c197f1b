import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

/** The admin the e2e server is started with (ADMIN_EMAIL / ADMIN_PASSWORD in playwright.config.ts). */
const ADMIN = { email: 'admin@holoscope.test', password: 'admin-password-1' };
const DAY_MS = 86_400_000;
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** YYYY-MM-DD and "Mar 9, 2026" of the UTC day `offset` days ago. */
function dayAgo(offset: number) {
  const date = new Date(Date.now() - offset * DAY_MS);
  return { iso: date.toISOString().slice(0, 10), label: dayFormat.format(date) };
}

async function signInAsAdmin(page: Page): Promise<string> {
  const response = await page.request.post('/api/auth/login', { data: ADMIN });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { user: { username: string } }).user.username;
}

const analysisUrl = '/?mode=analyse&set=fossil_set&card=Dragonite&period=all';

test.describe('admin database manager', () => {
  test('a collector is kept out of the screen and the API', async ({ page, request }) => {
    const visitor = await request.get('/api/admin/sales/by-day?set=base_set&offset=1');
    expect(visitor.status()).toBe(401);
    expect((await visitor.json()).error.message).toBe('Authentication required');

    await registerViaApi(page);
    for (const call of [
      page.request.get('/api/admin/sales/by-day?set=base_set&offset=1'),
      page.request.get('/api/admin/sales/deleted'),
    ]) {
      const response = await call;
      expect(response.status()).toBe(403);
      expect((await response.json()).error.message).toBe('Unauthorized: Admin access required');
    }
    for (const call of [
      page.request.post('/api/admin/sales/delete', { data: { saleIds: ['any'] } }),
      page.request.post('/api/admin/sales/import', {
        multipart: { file: { name: 'a.csv', mimeType: 'text/csv', buffer: Buffer.from('x') } },
      }),
    ]) {
      const response = await call;
      expect(response.status()).toBe(403);
      expect((await response.json()).error.message).toBe('Admin permissions required');
    }

    await page.goto('/admin-database');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Admin Database Manager' })).toHaveCount(0);
  });

  test('without a known session the page says admin access is required', async ({ page }) => {
    await page.route('**/api/auth/session', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'service-unavailable', message: 'Unavailable' } }),
      }),
    );
    await page.goto('/admin-database');
    await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible({
      timeout: 15_000,
    });
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an admin walks back, imports, deletes, checks the analysis and restores', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const username = await signInAsAdmin(page);
    await page.goto('/admin-database');
    await expect(page.getByRole('heading', { name: 'Admin Database Manager', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();

    // Day panels: every set opens on yesterday; Base Set walks back three more days.
    for (const set of ['Base Set', 'Jungle', 'Fossil']) {
      const panel = page.getByRole('region', { name: set, exact: true });
      await expect(panel.getByRole('region', { name: dayAgo(1).label })).toBeVisible();
    }
    const base = page.getByRole('region', { name: 'Base Set', exact: true });
    for (let clicks = 0; clicks < 3; clicks++) {
      await base.getByRole('button', { name: 'Load Previous Day' }).click();
    }
    const days = base.getByRole('region');
    await expect(days).toHaveCount(4);
    for (let offset = 1; offset <= 4; offset++) {
      await expect(days.nth(offset - 1)).toHaveAccessibleName(dayAgo(offset).label);
      await expect(
        days
          .nth(offset - 1)
          .getByText(/No sales on this day\.|\d+ sales?/)
          .first(),
      ).toBeVisible();
    }
    const oldest = days.nth(3).getByRole('button', { name: dayAgo(4).label });
    await oldest.click();
    await expect(oldest).toHaveAttribute('aria-expanded', 'false');
    await oldest.click();
    await expect(oldest).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page);

    // Import two good Fossil sales of yesterday and two bad rows.
    const tag = crypto.randomBytes(3).toString('hex');
    const sellers = [`e2e_${tag}_a`, `e2e_${tag}_b`];
    const yesterday = dayAgo(1).iso;
    const csv = [
      'set_id,card_name,price,sale_date,seller,id',
      `fossil_set,Dragonite,4321.09,${yesterday},${sellers[0]},e2e-${tag}-1`,
      `fossil_set,Dragonite,4321.10,${yesterday},${sellers[1]},e2e-${tag}-2`,
      `fossil_set,Missingno,10,${yesterday},bad,e2e-${tag}-3`,
      `fossil_set,Dragonite,lots,${yesterday},bad,e2e-${tag}-4`,
    ].join('\n');
    await page.getByRole('tab', { name: 'Import' }).click();
    await page
      .getByLabel('Sales file')
      .setInputFiles({ name: 'week.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const summary = page.getByRole('region', { name: /Imported week\.csv/ });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole('definition')).toHaveText(['4', '2', '0', '2']);
    const rejected = summary.getByRole('table', { name: 'Rejected rows' }).getByRole('row');
    await expect(rejected.nth(1)).toContainText('4');
    await expect(rejected.nth(1)).toContainText('Missingno');
    await expect(rejected.nth(2)).toContainText('5');
    await expect(rejected.nth(2)).toContainText('price');
    await expectAccessible(page);

    const analysis = await context.newPage();
    await analysis.goto(analysisUrl);
    for (const seller of sellers) await expect(analysis.getByText(seller, { exact: true })).toBeVisible();

    // Delete both from the Fossil panel (the import dropped the cached day lists).
    await page.getByRole('tab', { name: 'Sales' }).click();
    const fossil = page.getByRole('region', { name: 'Fossil', exact: true });
    for (const seller of sellers) {
      await fossil.getByRole('checkbox', { name: new RegExp(`sold by ${seller}$`) }).check();
    }
    await fossil.getByRole('button', { name: 'Delete Selected (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 selected sales?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog).toBeHidden();
    for (const seller of sellers) await expect(fossil.getByText(seller)).toHaveCount(0);
    await expect(fossil.getByRole('button', { name: 'Delete Selected (0)' })).toBeDisabled();

    await analysis.reload();
    await expect(analysis.getByRole('heading', { name: 'Dragonite', level: 2 })).toBeVisible();
    for (const seller of sellers) await expect(analysis.getByText(seller, { exact: true })).toHaveCount(0);

    // Undo one of them.
    await page.getByRole('tab', { name: 'Recently deleted' }).click();
    const archive = page.getByRole('region', { name: 'Deleted sales' });
    const first = archive.getByRole('row').filter({ hasText: sellers[0]! });
    await expect(first).toContainText(username);
    await expect(archive.getByRole('row').filter({ hasText: sellers[1]! })).toBeVisible();
    await first.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Restore Selected (1)' }).click();
    await expect(page.getByText('Restored 1 sale.')).toBeVisible();
    await expect(archive.getByRole('row').filter({ hasText: sellers[0]! })).toHaveCount(0);
    await expectAccessible(page);

    await analysis.reload();
    await expect(analysis.getByText(sellers[0]!, { exact: true })).toBeVisible();
    await expect(analysis.getByText(sellers[1]!, { exact: true })).toHaveCount(0);
    await analysis.close();
  });

  test('a failed deletion says so and keeps the sale', async ({ page }) => {
    await signInAsAdmin(page);
    await page.route('**/api/admin/sales/delete', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'internal', message: 'An error occurred. Please try again.' },
        }),
      }),
    );
    await page.goto('/admin-database');
    const base = page.getByRole('region', { name: 'Base Set', exact: true });
    const first = base.getByRole('checkbox', { name: /^Select .+ sold by / }).first();
    const name = await first.getAttribute('aria-label');
    await first.check();
    await base.getByRole('button', { name: 'Delete Selected (1)' }).click();
    await page
      .getByRole('dialog', { name: 'Delete 1 selected sales?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(base.getByRole('alert')).toHaveText('Failed to delete sales. Please try again.');
    await expect(base.getByRole('checkbox', { name: name ?? '' })).toBeVisible();
  });

  test('the admin screen fits a phone @mobile', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin-database');
    await expect(
      page.getByRole('region', { name: 'Fossil', exact: true }).getByRole('checkbox').first(),
    ).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
