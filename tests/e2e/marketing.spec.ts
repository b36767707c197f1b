import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, expectAccessible, test } from './fixtures.ts';

/** The e2e server keeps its SQLite database here (playwright.config.ts). */
function storedInquiries(): {
  kind: string;
  name: string;
  email: string;
  card: string | null;
  estimated_value_cents: number | null;
}[] {
  const database = new Database(path.join(process.env.E2E_DATA_DIR!, 'holoscope.db'), { readonly: true });
  try {
    return database
      .prepare('select kind, name, email, card, estimated_value_cents from inquiries')
      .all() as never;
  } finally {
    database.close();
  }
}

test.describe('card advances page', () => {
  test('has its own way home, a hero, four benefits and the worked example', async ({ page }) => {
    await page.goto('/card-advances');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Cash for your graded cards');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why collectors use advances' })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="benefits-heading"] li')).toHaveCount(4);

    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: /Holoscope advance \(75%\)/ })).toContainText('$18,750');
    await expect(table.getByRole('row', { name: /Sell on eBay \(12% fees\)/ })).toContainText('$22,000');
    await expect(table.getByRole('row', { name: /Sell to a dealer \(80% of value\)/ })).toContainText(
      '$20,000',
    );
    for (const fact of ['Up to 75%', '$300', 'PSA, BGS, SGC', '16–26 weeks']) {
      await expect(page.getByRole('definition').filter({ hasText: fact })).toBeVisible();
    }
    const stamps = page.locator('#advance svg[aria-hidden="true"]');
    await expect(stamps.locator('pattern')).toHaveCount(1);

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('works out the comparison for the value a visitor types', async ({ page }) => {
    await page.goto('/card-advances');
    const value = page.getByLabel('Market value of your card (US dollars)');
    await value.fill('$1,000');
    await expect(page.getByRole('row', { name: /Holoscope advance/ })).toContainText('$750');
    await expect(page.getByRole('row', { name: /eBay/ })).toContainText('$880');
    await value.fill('250');
    await expect(page.getByRole('row', { name: /Holoscope advance/ })).toContainText('Not available');
    await expect(page.getByText('Advances start at a market value of $300;')).toBeVisible();
  });

  test('the FAQ keeps one answer open at a time', async ({ page }) => {
    await page.goto('/card-advances');
    const first = page.getByRole('button', { name: 'How much can I get?' });
    const second = page.getByRole('button', { name: 'Which cards qualify?' });
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'How much can I get?' })).toContainText(
      'A card worth $25,000 can get an advance of $18,750.',
    );
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'Which cards qualify?' })).toContainText(
      'PSA, BGS, and SGC',
    );
    await expect(page.getByRole('region', { name: 'How much can I get?' })).toBeHidden();
    await second.press('Enter');
    await expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  test('the Quick Advance link lands on the hero', async ({ page }) => {
    await page.goto('/card-advances#advance');
    await expect(page.locator('#advance').getByRole('heading', { level: 1 })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Apply Now' }).first()).toBeInViewport();
  });

  test('Apply Now validates, keeps what was typed, stores the inquiry and confirms', async ({ page }) => {
    await page.goto('/card-advances');
    await page.getByRole('button', { name: 'Apply Now' }).first().click();
    const form = page.getByRole('dialog', { name: 'Apply for a card advance' });
    await expect(form).toBeVisible();
    await expectAccessible(page);

    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(form.getByText('Enter your name.')).toBeVisible();
    await expect(form.getByLabel('Name')).toBeFocused();

    await form.getByLabel('Name').fill('Ash Ketchum');
    await form.getByLabel('Email').fill('ash@example.com');
    await form.getByLabel('Card').fill('Charizard 4/102 PSA 9');
    await form.getByLabel('Estimated value (US dollars)').fill('250');
    await form.getByLabel('Message').fill('I would like an advance.');
    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(form.getByText('Advances start at a market value of $300.', { exact: true })).toBeVisible();
    await expect(form.getByLabel('Estimated value (US dollars)')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Name')).toHaveValue('Ash Ketchum');
    await expectAccessible(page);

    await form.getByLabel('Estimated value (US dollars)').fill('$4,500');
    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(form.getByRole('status')).toHaveText(
      'Thanks — we received your inquiry and will reply by email within one business day.',
    );
    expect(storedInquiries()).toContainEqual({
      kind: 'advance',
      name: 'Ash Ketchum',
      email: 'ash@example.com',
      card: 'Charizard 4/102 PSA 9',
      estimated_value_cents: 450_000,
    });
    await form.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(form).toBeHidden();
  });

  test('Contact Us opens a short form without card fields', async ({ page }) => {
    await page.goto('/card-advances');
    await page.getByRole('button', { name: 'Contact Us' }).first().click();
    const form = page.getByRole('dialog', { name: 'Contact us' });
    await expect(form.getByLabel('Message')).toBeVisible();
    await expect(form.getByLabel('Card')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
  });

  test('looks finished at 375 px @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 780 });
    await page.goto('/card-advances');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const comparison = page.getByRole('list', { name: /Cash from a card worth \$25,000/ });
    await expect(comparison.getByRole('listitem').first()).toContainText('$18,750');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('seller partnership page', () => {
  test('shows benefits, the four tiers, zero first-year fees and opportunities', async ({ page }) => {
    await page.goto('/seller-partnership');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Seller Equity Program').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Zero fees in your first year' })).toBeVisible();
    const tiers = page.locator('section[aria-labelledby="tiers-heading"] li');
    await expect(tiers).toHaveText([
      /Elite\s*\$5M\+/,
      /Premier\s*\$3M\+/,
      /Select\s*\$1\.5M\+/,
      /Core\s*\$500K\+/,
    ]);
    await expect(page.getByRole('heading', { name: 'Opportunities' })).toBeVisible();
  });

  test('the call to action sends a partnership inquiry', async ({ page }) => {
    await page.goto('/seller-partnership');
    await page.getByRole('button', { name: 'Apply to Partner' }).first().click();
    const form = page.getByRole('dialog', { name: 'Join the Seller Equity Program' });
    await form.getByLabel('Name').fill('Misty Waterflower');
    await form.getByLabel('Email').fill('not an email');
    await form.getByLabel('Message').fill('Cerulean Cards, about $2M a year.');
    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await form.getByLabel('Email').fill('misty@example.com');
    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(form.getByRole('status')).toContainText('we received your inquiry');
    expect(storedInquiries()).toContainEqual(
      expect.objectContaining({ kind: 'partnership', email: 'misty@example.com', card: null }),
    );
  });

  test('looks finished at 375 px @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 780 });
    await page.goto('/seller-partnership');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
