import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('app shell', () => {
  test('side menu opens, links to every section and closes on navigation @mobile', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const name of [
      'Home',
      'Base Set',
      'Jungle',
      'Fossil',
      'Card Advances',
      'Seller Equity Program',
      'PSA Cert Search',
      'Scan a slab',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expectAccessible(page);
    await menu.getByRole('link', { name: 'PSA Cert Search' }).click();
    await expect(page).toHaveURL(/\/psa-search$/);
    await expect(menu).toBeHidden();
  });

  test('side menu closes on the close button and on Escape, and works by keyboard', async ({ page }) => {
    await page.goto('/');
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await menu.getByRole('button', { name: 'Close' }).click();
    await expect(menu).toBeHidden();
  });

  test('side menu closes on an overlay click', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.mouse.click(page.viewportSize()!.width - 10, page.viewportSize()!.height / 2);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('a visitor sees Info and Login; Info explains the three modes', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.getByRole('button', { name: 'Info' }).click();
    const info = page.getByRole('dialog', { name: 'Holoscope Features' });
    await expect(info).toBeVisible();
    for (const mode of ['Market Analysis', 'Source Cards', 'Consignment']) {
      await expect(info.getByRole('heading', { name: mode })).toBeVisible();
    }
  });

  for (const path of ['/card-advances', '/seller-partnership', '/profile']) {
    test(`navigation is hidden on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
    });
  }

  test('an unknown address shows the not-found page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
