import type { Page } from '@playwright/test';
import { accountMenu, registerViaApi } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';

/** Everything the page writes to its console, warnings and failed requests included. */
function consoleOf(page: Page): string[] {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
  return logged;
}

const PAGES = [
  '/',
  '/card-advances',
  '/seller-partnership',
  '/psa-search',
  '/profile',
  '/admin-database',
  '/unsubscribe',
  '/card-sets/base-set',
  '/?mode=analyse&set=base_set&card=Charizard',
];

test.describe('a quiet console', () => {
  // With the app's service worker registering and installing, as in a real browser (decision 051).
  test.use({ serviceWorkers: 'allow' });

  for (const path of PAGES) {
    test(`opening ${path} directly logs nothing`, async ({ page }) => {
      const logged = consoleOf(page);
      await page.goto(path);
      await expect(
        page
          .getByRole('heading', { level: 1 })
          .or(page.getByRole('heading', { level: 2 }))
          .first(),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(logged).toEqual([]);
    });
  }

  test('signing out logs nothing', async ({ page }) => {
    const user = await registerViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const logged = consoleOf(page);
    await accountMenu(page, user.username).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(logged).toEqual([]);
  });
});
