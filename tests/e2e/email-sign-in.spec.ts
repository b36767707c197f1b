import { devices, type Page } from '@playwright/test';
import { accountMenu, newUser, registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { linkIn, mailsTo } from './mail.ts';

const WIDTHS = [390, 1280] as const;

// Each test walks a whole flow through mail and several pages.
test.describe.configure({ timeout: 180_000 });

async function openSheet(page: Page) {
  await page.getByRole('button', { name: 'Login' }).click();
  const sheet = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(sheet).toBeVisible();
  return sheet;
}

test.describe('every way in by email', () => {
  for (const width of WIDTHS) {
    test(`at ${width} px, a collector signs in with an emailed link, which works only once`, async ({
      page,
      browser,
    }) => {
      await page.setViewportSize({ width, height: 860 });
      // Signed up in another browser; this one has never signed in.
      const other = await browser.newContext();
      const user = await registerViaApi(await other.newPage());
      await other.close();

      await page.goto('/');
      const sheet = await openSheet(page);
      await expect(sheet.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
      await sheet.getByLabel('Email').fill(user.email);
      await sheet.getByRole('button', { name: 'Email me a sign-in link' }).click();

      const byEmail = page.getByRole('dialog', { name: 'Sign in by email' });
      await expect(byEmail.getByLabel('Email', { exact: true })).toHaveValue(user.email);
      await expectAccessible(page);
      await byEmail.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await expect(byEmail.getByRole('status')).toContainText(`We have sent a message to ${user.email}.`);
      await expect(byEmail.getByRole('status')).toContainText('It works once, for 15 minutes.');
      await expectAccessible(page);
      await byEmail.getByRole('button', { name: 'Back to sign in' }).click();
      await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
      await page.keyboard.press('Escape');

      const [mail] = await mailsTo(user.email, 'Your Holoscope sign-in link');
      const link = linkIn(mail!, '/sign-in/email-link');
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Sign in to Holoscope' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeVisible();
      await expect(accountMenu(page, user.username)).toBeVisible();

      await page.goto(link);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'This sign-in link has been used already. Ask for a new one from the sign-in form.',
      );
    });

    test(`at ${width} px, a collector who forgot the password chooses a new one from the emailed link`, async ({
      page,
      browser,
    }) => {
      await page.setViewportSize({ width, height: 860 });
      const other = await browser.newContext();
      const user = await registerViaApi(await other.newPage());
      await other.close();

      await page.goto('/');
      const sheet = await openSheet(page);
      await sheet.getByRole('button', { name: 'Forgot password?' }).click();
      const forgot = page.getByRole('dialog', { name: 'Reset your password' });
      await forgot.getByLabel('Email').fill('not an address');
      await forgot.getByRole('button', { name: 'Send reset link' }).click();
      await expect(forgot.getByRole('alert')).toHaveText('Please enter a valid email address.');
      await expect(forgot.getByLabel('Email')).toBeFocused();
      await forgot.getByLabel('Email').fill(user.email);
      await forgot.getByRole('button', { name: 'Send reset link' }).click();
      await expect(forgot.getByRole('status')).toContainText('It works once, for 30 minutes.');
      await expectAccessible(page);
      await page.keyboard.press('Escape');

      const [mail] = await mailsTo(user.email, 'Reset your Holoscope password');
      await page.goto(linkIn(mail!, '/reset-password'));
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
      await expectAccessible(page);
      await page.getByLabel('New password', { exact: true }).fill('abc');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters long');
      await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
      await page.getByLabel('New password', { exact: true }).fill('a fresh secret');
      await page.getByLabel('New password again').fill('a fresh secrets');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
      await page.getByLabel('New password again').fill('a fresh secret');
      await page.getByLabel('New password again').press('Enter');
      await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeVisible();
      await expect(accountMenu(page, user.username)).toBeVisible();
      await expectAccessible(page);

      const oldPassword = await page.request.post('/api/auth/login', {
        data: { email: user.email, password: user.password },
      });
      expect(oldPassword.status()).toBe(401);
    });

    test(`at ${width} px, the profile shows whether the address is verified, until its link verifies it`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 860 });
      const user = await registerViaApi(page);
      await page.goto('/profile');
      const status = page.getByRole('region', { name: 'Email address' });
      await expect(status).toContainText(user.email);
      await expect(status).toContainText('Not verified');
      await expectAccessible(page);
      await status.getByRole('button', { name: 'Send verification email' }).click();
      await expect(status.getByRole('status')).toContainText('it works for 24 hours');

      const mails = await mailsTo(user.email, 'Verify your email address for Holoscope', 2);
      await page.goto(linkIn(mails[1]!, '/verify-email'));
      await expect(page.getByRole('status')).toContainText('Your email address is verified.');
      await expectAccessible(page);
      // The first mail's link was made unusable by the second one being used.
      await page.goto(linkIn(mails[0]!, '/verify-email'));
      await expect(page.getByRole('alert')).toContainText('This verification link has been used already.');

      await page.goto('/profile');
      await expect(status).toContainText('Verified');
      await expect(status).not.toContainText('Not verified');
      await expect(status.getByRole('button', { name: 'Send verification email' })).toHaveCount(0);
      await expectAccessible(page);
    });
  }
});

test.describe('a sign-in request that gets no answer', () => {
  /** Sends the sign-in form to a server that never answers, on a clock the test moves. */
  async function signInUnanswered(page: Page) {
    await page.clock.install();
    await page.route('**/api/auth/login', () => {
      // Never answered: the network lost the request.
    });
    await page.goto('/');
    const sheet = await openSheet(page);
    await sheet.getByLabel('Email').fill(newUser().email);
    await sheet.getByLabel('Password', { exact: true }).fill('whatever-1');
    await sheet.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(sheet.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    return sheet;
  }

  test('stops after 30 seconds on a computer with the generic message', async ({ page }) => {
    const sheet = await signInUnanswered(page);
    await page.clock.runFor(29_000);
    await expect(sheet.getByRole('button', { name: 'Signing In...' })).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(sheet.getByRole('alert')).toHaveText('An error occurred. Please try again.');
    await expect(sheet.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  });

  test('waits 60 seconds on a phone', async ({ browser }) => {
    const context = await browser.newContext({ ...devices['Pixel 7'] });
    const page = await context.newPage();
    const sheet = await signInUnanswered(page);
    await page.clock.runFor(45_000);
    await expect(sheet.getByRole('button', { name: 'Signing In...' })).toBeVisible();
    await page.clock.runFor(15_500);
    await expect(sheet.getByRole('alert')).toHaveText('An error occurred. Please try again.');
    await expectAccessible(page);
    await context.close();
  });

  test('a passkey sign-in stops after 30 seconds with the generic message too', async ({ page }) => {
    await page.clock.install();
    await page.route('**/api/auth/passkey/options', () => {
      // Never answered: the network lost the request.
    });
    await page.goto('/');
    const sheet = await openSheet(page);
    await sheet.getByRole('button', { name: 'Sign in with a passkey' }).click();
    const busy = sheet.getByRole('button', { name: 'Waiting for your passkey…' });
    await expect(busy).toBeDisabled();
    await page.clock.runFor(29_000);
    await expect(busy).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(sheet.getByRole('alert')).toHaveText('An error occurred. Please try again.');
    await expect(sheet.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
  });
});
