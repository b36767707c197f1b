import type { Page } from '@playwright/test';
import { accountMenu } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { addVirtualAuthenticator } from './virtual-authenticator.ts';

/**
 * Sign-in with an identity provider, against a real OpenID provider (tests/helpers/oidc-provider-server.ts)
 * where every login is a new person: the provider, then the username and country page, then signed in.
 */
for (const width of [1280, 390]) {
  test(`a first sign-in with a provider asks for a username and a country, then signs in (${width} px)`, async ({
    page,
  }) => {
    // The first visit also starts the server's connection to the provider (discovery).
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/api/auth/oidc/oidc/start?returnTo=/');

    await expect(page).toHaveURL(/\/sign-in\/complete$/);
    await expect(page.getByRole('heading', { name: 'Finish signing in' })).toBeVisible();
    await expect(page.getByText(/You signed in with Kanto ID as person-\w+@provider\.example/)).toBeVisible();
    const form = page.getByRole('form', { name: 'Finish creating your account' });
    await expect(form.getByLabel('Password')).toHaveCount(0);

    // The registration's rules, in their order: the username first, then the country.
    await form.getByRole('button', { name: 'Create Account' }).click();
    const banner = form.getByRole('alert');
    await expect(banner).toHaveText('Username is required');
    await expect(form.getByLabel('Username')).toBeFocused();
    await expectAccessible(page);
    const username = `Trainer${Date.now().toString(36)}${width}`;
    await form.getByLabel('Username').fill(username);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(banner).toHaveText('Please select a country from the suggestions');

    const country = form.getByRole('combobox', { name: 'Country' });
    await country.fill('japa');
    await page.getByRole('option', { name: 'Japan' }).click();
    await expect(country).toHaveValue('Japan');
    await form.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: `Account menu for ${username}` })).toBeVisible();
  });
}

/** Opens the account sheet from the header's Login button. */
async function openAccountSheet(page: Page) {
  await page.getByRole('button', { name: 'Login' }).click();
  const sheet = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(sheet.getByRole('link', { name: 'Continue with Kanto ID' })).toBeVisible();
  return sheet;
}

async function finishNewAccount(page: Page, username: string) {
  const form = page.getByRole('form', { name: 'Finish creating your account' });
  await form.getByLabel('Username').fill(username);
  await form.getByRole('combobox', { name: 'Country' }).fill('japa');
  await page.getByRole('option', { name: 'Japan' }).click();
  await form.getByRole('button', { name: 'Create Account' }).click();
}

for (const width of [390, 1280]) {
  test(`Continue with Kanto ID in the account sheet signs a new person up, then signs them straight back in where they were (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const startedOn = '/card-sets/fossil-set';
    await page.goto(startedOn);
    const sheet = await openAccountSheet(page);

    // Exactly the ways in this deployment offers (GET /api/auth/methods): the password form, an email link,
    // a passkey and its one provider, whose button comes back to this page.
    await expect(sheet.getByRole('form', { name: 'Sign in' })).toMatchAriaSnapshot(`
      - form "Sign in":
        - /children: equal
        - text: Email
        - textbox "Email"
        - text: Password
        - textbox "Password"
        - button "Show password"
        - paragraph:
          - button "Forgot password?"
        - button "Sign In"
        - paragraph: or
        - button "Email me a sign-in link"
        - link "Continue with Kanto ID":
          - /url: /api/auth/oidc/oidc/start?returnTo=%2Fcard-sets%2Ffossil-set
        - button "Sign in with a passkey"
        - paragraph:
          - text: Don't have an account?
          - button "Sign up"
    `);
    await expectAccessible(page);

    await sheet.getByRole('link', { name: 'Continue with Kanto ID' }).click();
    await expect(page).toHaveURL(/\/sign-in\/complete$/);
    const username = `Kanto${Date.now().toString(36)}${width}`;
    await finishNewAccount(page, username);
    await expect(page).toHaveURL(startedOn);
    await expect(accountMenu(page, username)).toBeVisible();

    await accountMenu(page, username).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

    // Still signed in at the provider, the same person comes straight back, again to the page they were on:
    // no username page this time.
    const returnedOn = '/card-sets/jungle-set';
    await page.goto(returnedOn);
    await (await openAccountSheet(page)).getByRole('link', { name: 'Continue with Kanto ID' }).click();
    await expect(page).toHaveURL(returnedOn);
    await expect(accountMenu(page, username)).toBeVisible();
  });
}

test('the profile keeps the only way into an account made by a provider, and says what to add first', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await addVirtualAuthenticator(page);
  await page.goto('/');
  await (await openAccountSheet(page)).getByRole('link', { name: 'Continue with Kanto ID' }).click();
  const username = `Unlink${Date.now().toString(36)}`;
  await finishNewAccount(page, username);
  await expect(accountMenu(page, username)).toBeVisible();

  await page.goto('/profile');
  const providers = page.getByRole('region', { name: 'Sign-in providers' });
  await expect(
    providers.getByText(/^Linked as person-\w+@provider\.example: you can sign in with Kanto ID\.$/),
  ).toBeVisible();
  await providers.getByRole('button', { name: 'Unlink Kanto ID' }).click();
  await expect(providers.getByRole('alert')).toHaveText(
    'Kanto ID is the only way into your account, so it cannot be unlinked yet. First add a passkey under Security, or set a password: sign out and choose Forgot password? when you sign in.',
  );
  await expect(providers.getByRole('button', { name: 'Unlink Kanto ID' })).toBeVisible();
  await page.reload();
  await expect(providers.getByText(/^Linked as /)).toBeVisible();

  // With a passkey added the provider can go, and then the passkey is the one that stays.
  const security = page.getByRole('region', { name: 'Security' });
  await security.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(security.getByRole('status').getByText(/^Passkey added: /)).toBeVisible();
  await providers.getByRole('button', { name: 'Unlink Kanto ID' }).click();
  await expect(providers.getByRole('link', { name: 'Link Kanto ID' })).toBeVisible();
  await expect(providers.getByText('Not linked')).toBeVisible();
  const passkeys = security.getByRole('list', { name: 'Your passkeys' });
  await passkeys.getByRole('button', { name: /^Remove / }).click();
  await expect(security.getByRole('alert')).toHaveText(
    'This passkey is the only way into your account, so it cannot be removed yet. First add another passkey under Security, link a provider under Sign-in providers, or set a password: sign out and choose Forgot password? when you sign in.',
  );
  await page.reload();
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
});

test('creating the account of a new identity stops after 30 seconds without an answer, with the generic message', async ({
  page,
}) => {
  await page.clock.install();
  await page.route('**/api/auth/oidc/complete', () => {
    // Never answered: the network lost the request.
  });
  await page.goto('/api/auth/oidc/oidc/start?returnTo=/');
  await expect(page).toHaveURL(/\/sign-in\/complete$/);
  await finishNewAccount(page, `Slow${Date.now().toString(36)}`);
  const form = page.getByRole('form', { name: 'Finish creating your account' });
  const busy = form.getByRole('button', { name: 'Creating Account...' });
  await expect(busy).toBeDisabled();
  await page.clock.runFor(29_000);
  await expect(busy).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(form.getByRole('alert')).toHaveText('An error occurred. Please try again.');
  await expect(form.getByRole('button', { name: 'Create Account' })).toBeEnabled();
});

test('a failed provider sign-in says so and signs nobody in', async ({ page }) => {
  await page.goto('/api/auth/oidc/oidc/callback?code=made-up&state=made-up');
  await expect(page).toHaveURL(/\/sign-in\/complete\?problem=expired$/);
  await expect(page.getByRole('heading', { name: 'Sign-in did not finish' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in has expired or was already used, so nobody was signed in. Please start again.',
  );
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});
