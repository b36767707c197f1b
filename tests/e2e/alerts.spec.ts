import crypto from 'node:crypto';
import type { Browser } from '@playwright/test';
import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

/** The bootstrap admin of the browser tests' server (playwright.config.ts). */
const ADMIN = { email: 'admin@holoscope.test', password: 'admin-password-1' };

/** The admin, in a browser of their own, imports one sale through the admin import. */
async function adminImports(browser: Browser, record: Record<string, unknown>) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const login = await context.request.post('/api/auth/login', { data: ADMIN });
    expect(login.status(), await login.text()).toBe(200);
    const response = await context.request.post('/api/admin/sales/import', {
      multipart: {
        file: {
          name: 'sales.jsonl',
          mimeType: 'application/octet-stream',
          buffer: Buffer.from(`${JSON.stringify(record)}\n`),
        },
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    expect(await response.json()).toMatchObject({ imported: 1 });
  } finally {
    await context.close();
  }
}

test.describe('alerts @mobile', () => {
  test('A watches Charizard PSA 9 below $20,000; an admin imports a matching sale and A’s bell shows it live', async ({
    page,
    browser,
  }) => {
    await registerViaApi(page);
    await page.goto('/?mode=analyse&set=base_set&card=Charizard&period=all&grader=PSA&grade=9');
    await expect(page.getByTestId('card-demand')).toContainText(
      /^1 collector wants this card|^[\d,]+ collectors want this card|No collector has this card/,
    );
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();

    await page.getByRole('button', { name: 'Watch', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Watch this card' });
    await expect(sheet).toContainText('Charizard · PSA 9');
    await sheet.getByLabel('Tell me').selectOption({ label: 'When a sale is below a price' });
    await sheet.getByLabel('Price in US dollars').fill('twenty');
    await sheet.getByRole('button', { name: 'Start watching' }).click();
    await expect(sheet.getByLabel('Price in US dollars')).toHaveAccessibleDescription(
      'Enter an amount in dollars, for example 2500.',
    );
    await expectAccessible(page);
    await sheet.getByLabel('Price in US dollars').fill('20,000');
    await sheet.getByRole('button', { name: 'Start watching' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Watching', exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are watching' })).toHaveText(
      'You are watching Charizard (Base Set) PSA 9, below $20,000.00.',
    );

    // A sale of its own each run: the same seller, price and day again would be flagged as a probable
    // duplicate and left out (docs/product.md §11), alerts included.
    const run = crypto.randomBytes(6).toString('hex');
    await adminImports(browser, {
      id: `e2e-alert-${run}`,
      set_id: 'base_set',
      card_name: 'Charizard',
      grading_company: 'PSA',
      grade: 9,
      price: 18_500,
      sale_date: new Date().toISOString().slice(0, 10),
      seller: `e2e_seller_${run}`,
    });

    // No reload: the notification arrives over the live stream.
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('unread-count')).toHaveText('1');
    await bell.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await expect(list).toContainText('Charizard (Base Set) PSA 9 sold for $18,500.00');
    await expectAccessible(page);
    await list.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
  });

  test('the owner’s profile lists what they watch with its latest sale, and stops watching', async ({
    page,
  }) => {
    const collector = await registerViaApi(page);
    const created = await page.request.post('/api/watches', {
      data: { set: 'base', card: 'Blastoise', grader: 'PSA', grade: 9, above: 100 },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: collector.username })).toBeVisible();
    const watching = page.getByRole('region', { name: 'Watching' });
    await expect(watching).toContainText('Blastoise 2/102 · PSA 9');
    await expect(watching).toContainText('Alerts above $100.00');
    await expect(watching).toContainText(/Latest sale: \$[\d,]+\.\d\d on |No sale recorded yet\./);
    await expectAccessible(page);
    await watching.getByRole('button', { name: /^Stop watching Blastoise PSA 9/ }).click();
    await expect(watching).toContainText('You are not watching any card.');
  });

  test('a collector turns Alert emails off under the bell, and on again', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/');
    const openBell = async () => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await expect(panel).toBeVisible();
      return panel;
    };

    let panel = await openBell();
    const emails = panel.getByRole('switch', { name: 'Alert emails' });
    await expect(emails).toBeChecked();
    await expect(emails).toHaveAccessibleDescription('At most one email an hour listing your new alerts.');
    await expectAccessible(page);
    await emails.click();
    await expect(emails).not.toBeChecked();
    await expect(emails).toHaveAccessibleDescription('No alert emails. Your alerts still show up here.');
    await expect
      .poll(async () => (await page.request.get('/api/notifications/email-preference')).json())
      .toEqual({ alertEmails: false, undelivered: null });

    // The choice is kept: after a reload the switch is still off, until it is turned on again.
    await page.reload();
    panel = await openBell();
    await expect(panel.getByRole('switch', { name: 'Alert emails' })).not.toBeChecked();
    await panel.getByRole('switch', { name: 'Alert emails' }).click();
    await expect(panel.getByRole('switch', { name: 'Alert emails' })).toBeChecked();
    await expect
      .poll(async () => (await page.request.get('/api/notifications/email-preference')).json())
      .toEqual({ alertEmails: true, undelivered: null });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  test('an unsubscribe link asks first, and says so when it is not ours', async ({ page }) => {
    await page.goto('/unsubscribe?token=someone.forged');
    await expect(page.getByRole('heading', { level: 1, name: 'Stop alert emails?' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('This unsubscribe link is not complete or not ours.')).toBeVisible();
  });
});
