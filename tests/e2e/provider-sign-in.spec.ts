import { expect, expectAccessible, test } from './fixtures.ts';

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

test('a failed provider sign-in says so and signs nobody in', async ({ page }) => {
  await page.goto('/api/auth/oidc/oidc/callback?code=made-up&state=made-up');
  await expect(page).toHaveURL(/\/sign-in\/complete\?problem=expired$/);
  await expect(page.getByRole('heading', { name: 'Sign-in did not finish' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in has expired or was already used, so nobody was signed in. Please start again.',
  );
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});
