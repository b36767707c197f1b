import type { Page } from '@playwright/test';
import { accountMenu, createAdminViaCli, loginViaUi, newUser, registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

/** Holds a request back a moment, so the busy state of the button can be seen. */
async function slowDown(page: Page, path: string): Promise<void> {
  await page.route(`**${path}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
}

test.describe('accounts', () => {
  test('a new collector signs up step by step, stays signed in, signs out and back in', async ({ page }) => {
    const user = newUser();
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Welcome Back' });
    await expect(login).toBeVisible();
    await expect(login.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expectAccessible(page);
    await login.getByRole('button', { name: 'Sign up' }).click();

    const sheet = page.getByRole('dialog', { name: 'Create Account' });
    await expect(sheet).toBeVisible();
    for (const label of ['Username', 'Email', 'Verify Password', 'Country']) {
      await expect(sheet.getByLabel(label, { exact: true })).toHaveAttribute('required', '');
    }
    const banner = sheet.getByRole('alert');
    const submit = sheet.getByRole('button', { name: 'Create Account' });
    const steps: [() => Promise<void>, string][] = [
      [async () => {}, 'Username is required'],
      [() => sheet.getByLabel('Username').fill('ab'), 'Username must be at least 3 characters long'],
      [
        () => sheet.getByLabel('Username').fill('Ash\u200bKetchum'),
        'Usernames cannot contain invisible, control or formatting characters',
      ],
      [
        () => sheet.getByLabel('Username').fill('Mist\u0443'),
        'Usernames cannot mix Latin, Cyrillic, Greek, Armenian or Cherokee letters',
      ],
      [() => sheet.getByLabel('Username').fill(user.username), 'Email is required'],
      [() => sheet.getByLabel('Email').fill(user.email), 'Password is required'],
      [
        () => sheet.getByLabel('Password', { exact: true }).fill('abc'),
        'Password must be at least 6 characters long',
      ],
      [() => sheet.getByLabel('Password', { exact: true }).fill(user.password), 'Passwords do not match'],
      [
        () => sheet.getByLabel('Verify Password').fill(user.password),
        'Please select a country from the suggestions',
      ],
      [() => sheet.getByLabel('Country').fill('Japan'), 'Please select a country from the suggestions'],
    ];
    for (const [act, message] of steps) {
      await act();
      await submit.click();
      await expect(banner).toHaveText(message);
    }
    await expectAccessible(page);

    const toggle = sheet.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(sheet.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await expect(sheet.getByLabel('Verify Password')).toHaveAttribute('type', 'text');

    // A country counts only when picked from the suggestions; emptying the field forgets the pick.
    const country = sheet.getByRole('combobox', { name: 'Country' });
    await country.fill('germ');
    await expect(sheet.getByRole('option', { name: 'Germany' })).toBeVisible();
    await country.press('Enter');
    await expect(country).toHaveValue('Germany');
    await country.fill('');
    await submit.click();
    await expect(banner).toHaveText('Please select a country from the suggestions');
    await country.fill('jap');
    await sheet.getByRole('option', { name: 'Japan' }).click();
    await expect(country).toHaveValue('Japan');

    await slowDown(page, '/api/auth/register');
    await submit.click();
    await expect(sheet.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    await expect(sheet).toBeHidden();
    await expect(accountMenu(page, user.username)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);

    await page.reload();
    await expect(accountMenu(page, user.username)).toBeVisible();

    await accountMenu(page, user.username).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

    await page.getByRole('button', { name: 'Login' }).click();
    const again = page.getByRole('dialog', { name: 'Welcome Back' });
    await again.getByLabel('Email').fill(user.email);
    await again.getByLabel('Password', { exact: true }).fill('not my password');
    await again.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(again.getByRole('alert')).toHaveText('Invalid email or password.');

    await again.getByLabel('Password', { exact: true }).fill(user.password);
    await slowDown(page, '/api/auth/login');
    await again.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(again.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    await expect(again).toBeHidden();
    await expect(accountMenu(page, user.username)).toBeVisible();
  });

  test('the sheet switches both ways and opens empty; a used email and a taken username are refused by their fields', async ({
    page,
  }) => {
    const existing = await registerViaApi(page);
    await page.context().clearCookies();
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog', { name: 'Welcome Back' }).getByLabel('Email').fill('typed@example.com');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' }).getByLabel('Email')).toHaveValue('');

    await page.getByRole('button', { name: 'Sign up' }).click();
    const sheet = page.getByRole('dialog', { name: 'Create Account' });
    await sheet.getByLabel('Username').fill(newUser().username);
    await sheet.getByLabel('Email').fill(existing.email);
    await sheet.getByLabel('Password', { exact: true }).fill('pikachu-25');
    await sheet.getByLabel('Verify Password').fill('pikachu-25');
    await sheet.getByLabel('Country').fill('united k');
    await sheet.getByRole('option', { name: 'United Kingdom' }).click();
    await sheet.getByRole('button', { name: 'Create Account' }).click();
    const usedEmail = 'This email is already registered. Please login instead.';
    await expect(sheet.getByRole('alert')).toHaveText(usedEmail);
    const email = sheet.getByLabel('Email');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(usedEmail);
    await expect(email).toBeFocused();

    // The server alone knows the name is taken; it names the field, and the form marks and focuses it.
    await email.fill(newUser().email);
    await sheet.getByLabel('Username').fill(existing.username.toLowerCase());
    await sheet.getByRole('button', { name: 'Create Account' }).click();
    const taken = 'This username is taken. Please choose another.';
    await expect(sheet.getByRole('alert')).toHaveText(taken);
    const username = sheet.getByLabel('Username');
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription(taken);
    await expect(username).toBeFocused();
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expectAccessible(page);
  });

  test('an admin made with create-admin gets the Admin Dashboard link, except on admin pages', async ({
    page,
  }) => {
    const admin = createAdminViaCli();
    await page.goto('/');
    await loginViaUi(page, admin.email, admin.password);
    await accountMenu(page, admin.username).click();
    await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin-database$/);
    await expect(page.getByRole('link', { name: 'Back to Home' }).first()).toBeVisible();
    await accountMenu(page, admin.username).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.evaluate(() => {
      for (const key of ['admin_sales_cache', 'admin_last_fetch', 'admin_current_date']) {
        localStorage.setItem(key, 'cached');
      }
    });
    await accountMenu(page, admin.username).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    const left = await page.evaluate(() =>
      ['admin_sales_cache', 'admin_last_fetch', 'admin_current_date'].filter((key) =>
        localStorage.getItem(key),
      ),
    );
    expect(left).toEqual([]);
  });

  test('the account sheet is a bottom sheet that fits a phone @mobile', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    const sheet = page.getByRole('dialog', { name: 'Welcome Back' });
    await expect(sheet).toBeVisible();
    // Measure where the sheet comes to rest, not a frame of its slide-up animation.
    await sheet.evaluate((element) =>
      Promise.all(element.getAnimations().map((animation) => animation.finished)),
    );
    const box = await sheet.boundingBox();
    const viewport = page.viewportSize();
    // Flush with the bottom edge on a phone; wider screens show it just above the edge.
    const gap = (viewport?.height ?? 0) - ((box?.y ?? 0) + (box?.height ?? 0));
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThanOrEqual(viewport && viewport.width < 640 ? 1 : 24);
    expect(box?.width).toBeLessThanOrEqual(viewport?.width ?? 0);
    await expectAccessible(page);
  });
});
