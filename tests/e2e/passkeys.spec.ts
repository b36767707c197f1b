import type { Page } from '@playwright/test';
import { accountMenu, registerViaApi } from './auth-helpers.ts';
import { expect as baseExpect, expectAccessible, test } from './fixtures.ts';
import { addVirtualAuthenticator } from './virtual-authenticator.ts';

// The profile page loads many sections at once; on a busy machine the last of them can take a while.
const expect = baseExpect.configure({ timeout: 20_000 });

/** The profile page has no header: sign out from the home page's account menu, as a person would. */
async function signOut(page: Page, username: string): Promise<void> {
  await page.goto('/');
  await accountMenu(page, username).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`a collector adds a passkey, signs out, signs in with it and no email, renames and removes it (${viewport.width} px)`, async ({
    page,
  }) => {
    // Many steps and accessibility checks; a shared test machine can be slow.
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await addVirtualAuthenticator(page);
    // The desktop project's Chromium says it runs on Windows; the name follows whatever it says.
    const browserName = /Windows/.test(await page.evaluate(() => navigator.userAgent))
      ? 'Chrome on Windows'
      : 'Chrome on Linux';
    const user = await registerViaApi(page);
    await page.goto('/profile');
    const security = page.getByRole('region', { name: 'Security' });
    await expect(security.getByText('You have no passkeys yet.')).toBeVisible();
    await expect(security.getByText('This device')).toBeVisible();

    await security.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(security.getByRole('status').getByText(`Passkey added: ${browserName}.`)).toBeVisible();
    const passkeys = security.getByRole('list', { name: 'Your passkeys' });
    await expect(passkeys.getByRole('listitem')).toHaveCount(1);
    await expect(passkeys.getByText(browserName)).toBeVisible();
    await expect(passkeys.getByText(/Not used yet/)).toBeVisible();
    await expectAccessible(page);

    // The same authenticator cannot hold a second passkey for the account.
    await security.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(security.getByText('This passkey is already added to your account.')).toBeVisible();
    await expect(passkeys.getByRole('listitem')).toHaveCount(1);

    await signOut(page, user.username);

    await page.getByRole('button', { name: 'Login' }).click();
    const sheet = page.getByRole('dialog', { name: 'Welcome Back' });
    await expect(sheet.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    await expectAccessible(page);
    await sheet.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(sheet).toBeHidden();
    await expect(accountMenu(page, user.username)).toBeVisible();

    await page.goto('/profile');
    await expect(passkeys.getByText(/Last used/)).toBeVisible();
    await passkeys.getByRole('button', { name: `Rename ${browserName}` }).click();
    const name = passkeys.getByLabel('Passkey name');
    await expect(name).toBeFocused();
    await name.fill('   ');
    await passkeys.getByRole('button', { name: 'Save' }).click();
    await expect(passkeys.getByText('Please enter a name for the passkey.')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    await name.fill('Work laptop');
    await name.press('Enter');
    await expect(passkeys.getByText('Work laptop')).toBeVisible();

    await passkeys.getByRole('button', { name: 'Remove Work laptop' }).click();
    await expect(security.getByText('You have no passkeys yet.')).toBeVisible();
    await expect(security.getByRole('status').getByText('Passkey removed: Work laptop.')).toBeVisible();

    // The authenticator still holds the passkey, but the server no longer knows it.
    await signOut(page, user.username);
    await page.getByRole('button', { name: 'Login' }).click();
    await sheet.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(
      sheet.getByText(
        'This passkey is not registered with Holoscope. Sign in another way, then add it in your profile.',
      ),
    ).toBeVisible();
  });
}

test('a collector signs another device out, then every other device, and changes the password', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const user = await registerViaApi(page);
  const other = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const phone = await other.newPage();
  const signInPhone = async () => {
    const response = await phone.request.post('/api/auth/login', {
      data: { email: user.email, password: user.password },
    });
    expect(response.status()).toBe(200);
  };
  const phoneSignedIn = async () =>
    ((await (await phone.request.get('/api/auth/session')).json()) as { user: unknown }).user !== null;
  await signInPhone();

  await page.goto('/profile');
  const security = page.getByRole('region', { name: 'Security' });
  const devices = security.getByRole('list', { name: 'Your signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toContainText(
    /Chrome on (Windows|Linux)/,
  );
  await devices.getByRole('button', { name: /^Sign out Safari on iPhone/ }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect(await phoneSignedIn()).toBe(false);
  await expect(security.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

  await signInPhone();
  await page.reload();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await security.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(security.getByText('Every other device was signed out.')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect(await phoneSignedIn()).toBe(false);

  await signInPhone();
  await security.getByLabel('Current password', { exact: true }).fill('not my password');
  await security.getByLabel('New password', { exact: true }).fill('squirtle-2000');
  await security.getByLabel('Confirm new password').fill('squirtle-2000');
  await security.getByRole('button', { name: 'Change Password' }).click();
  await expect(security.getByText('Your current password is not correct.')).toBeVisible();
  await expect(security.getByLabel('Current password', { exact: true })).toBeFocused();
  await expectAccessible(page);
  expect(await phoneSignedIn()).toBe(true);

  await security.getByLabel('Current password', { exact: true }).fill(user.password);
  await security.getByLabel('Confirm new password').fill('squirtle-2001');
  await security.getByRole('button', { name: 'Change Password' }).click();
  await expect(security.getByText('Passwords do not match')).toBeVisible();
  await security.getByLabel('Confirm new password').fill('squirtle-2000');
  await security.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    security.getByText('Your password was changed. Every other device was signed out.'),
  ).toBeVisible();
  await expect(security.getByLabel('Current password', { exact: true })).toHaveValue('');
  expect(await phoneSignedIn()).toBe(false);
  await page.reload();
  await expect(security.getByText('This device')).toBeVisible();
  await other.close();
});
