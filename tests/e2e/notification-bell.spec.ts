import crypto from 'node:crypto';
import type { Browser } from '@playwright/test';
import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const ADMIN = { email: 'admin@holoscope.test', password: 'admin-password-1' };

/** The admin, in a browser of their own, imports one sale at a time, so each raises its own alert. */
async function adminImports(browser: Browser, record: Record<string, unknown>) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    expect((await context.request.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
    const response = await context.request.post('/api/admin/sales/import', {
      multipart: {
        file: {
          name: 'sales.jsonl',
          mimeType: 'application/octet-stream',
          buffer: Buffer.from(`${JSON.stringify(record)}\n`),
        },
      },
    });
    expect(await response.json()).toMatchObject({ imported: 1 });
  } finally {
    await context.close();
  }
}

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

test.describe('the notification bell on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('lists alerts by when they were raised, shows that time, and opening one marks it read', async ({
    page,
    browser,
  }) => {
    // Two imports and two live alerts.
    test.setTimeout(90_000);
    await registerViaApi(page);
    const created = await page.request.post('/api/watches', {
      data: { set: 'base', card: 'Blastoise', grader: 'PSA', grade: 8 },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto('/');

    // At the grade's median, so neither sale is judged an outlier and left out (no alert for those).
    const ladder = await (await page.request.get('/api/sales/ladder?set=base_set&card=Blastoise')).json();
    const median = Math.round(
      (ladder.rows as { grader: string; grade: number; median: number }[]).find(
        (row) => row.grader === 'PSA' && row.grade === 8,
      )?.median ?? 1_000,
    );
    const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}.00`;
    const run = crypto.randomBytes(6).toString('hex');
    const sale = { set_id: 'base_set', card_name: 'Blastoise', grading_company: 'PSA', grade: 8 };
    // Raised first: a sale of yesterday. Raised second: one that sold three weeks ago, imported late.
    await adminImports(browser, {
      ...sale,
      id: `bell-a-${run}`,
      price: median,
      sale_date: daysAgo(1),
      seller: `a_${run}`,
    });
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({
      timeout: 15_000,
    });
    await adminImports(browser, {
      ...sale,
      id: `bell-b-${run}`,
      price: median + 1,
      sale_date: daysAgo(21),
      seller: `b_${run}`,
    });
    await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible({
      timeout: 15_000,
    });

    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const rows = panel.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    const soldOn = (iso: string) => {
      const [year, month, day] = iso.split('-').map(Number);
      const name = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
        month! - 1
      ];
      return `${name} ${day}, ${year}`;
    };
    // Newest raised first, though its sale is the older one; the sale's day stays in the text.
    await expect(rows.nth(0)).toContainText(
      `Blastoise (Base Set) PSA 8 sold for ${dollars(median + 1)} on ${soldOn(daysAgo(21))}`,
    );
    await expect(rows.nth(1)).toContainText(
      `Blastoise (Base Set) PSA 8 sold for ${dollars(median)} on ${soldOn(daysAgo(1))}`,
    );
    // Each shows when it was raised: today, with the time of day.
    const raised = await rows.nth(0).locator('time').getAttribute('datetime');
    expect(Date.now() - Date.parse(raised ?? '')).toBeLessThan(120_000);
    await expect(rows.nth(0).locator('time')).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d (AM|PM)$/,
    );
    await expectAccessible(page);

    await rows.nth(0).getByRole('link').click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/card=Blastoise/);
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await expect(rows.nth(0)).not.toContainText('(unread)');
    await expect(rows.nth(1)).toContainText('(unread)');
  });
});
