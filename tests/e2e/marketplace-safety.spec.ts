import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { type E2eUser, registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

/** The admin the e2e server is started with (ADMIN_EMAIL / ADMIN_PASSWORD in playwright.config.ts). */
const ADMIN = { email: 'admin@holoscope.test', password: 'admin-password-1' };

async function newCollector(browser: Browser, width: number) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  return { page, user: await registerViaApi(page) };
}

/** A card of the owner's that accepts offers, an offer on it from the buyer and a message in it. */
async function offerWithMessage(owner: APIRequestContext, buyer: APIRequestContext, text: string) {
  const added = await owner.post('/api/users/me/collection', {
    data: {
      list: 'collected',
      setId: 'base_set',
      cardName: 'Blastoise',
      grade: 9,
      gradingCompany: 'PSA',
      acceptingOffers: true,
    },
  });
  expect(added.status()).toBe(201);
  const itemId = ((await added.json()) as { id: string }).id;
  const made = await buyer.post('/api/offers', { data: { itemId, amount: 900 } });
  expect(made.status()).toBe(201);
  const offerId = ((await made.json()) as { id: string }).id;
  const written = await buyer.post(`/api/offers/${offerId}/messages`, { data: { text } });
  expect(written.status()).toBe(201);
  return { offerId, messageId: ((await written.json()) as { id: string }).id };
}

async function signInAsAdmin(page: Page) {
  const response = await page.request.post('/api/auth/login', { data: ADMIN });
  expect(response.status(), await response.text()).toBe(200);
}

function reportOf(page: Page, reported: E2eUser) {
  return page.getByRole('listitem', { name: `Message from ${reported.username}` });
}

test.describe('safety in the marketplace', () => {
  test('a collector reports a message, and an admin suspends its writer from Reports', async ({
    page,
    browser,
  }) => {
    const owner = await registerViaApi(page);
    const buyer = await newCollector(browser, 1280);
    const { offerId } = await offerWithMessage(
      page.request,
      buyer.page.request,
      'Pay me by gift card first, then I will ship.',
    );

    await page.goto(`/offers/${offerId}`);
    const messages = page.getByRole('list', { name: 'Messages' });
    await expect(messages).toContainText('Pay me by gift card first');
    await messages.getByRole('button', { name: `Report message from ${buyer.user.username}` }).click();
    const sheet = page.getByRole('dialog', { name: 'Report this message' });
    await sheet.getByRole('button', { name: 'Send report' }).click();
    await expect(sheet.getByLabel('Why are you reporting this?')).toHaveAccessibleDescription(
      /Say why you are reporting this\./,
    );
    await sheet.getByLabel('Why are you reporting this?').fill('Asks to pay off the site with gift cards.');
    await sheet.getByRole('button', { name: 'Send report' }).click();
    await expect(sheet.getByRole('status')).toHaveText(
      'Thank you. Your report is with the admins, who will look at it soon.',
    );
    await sheet.getByRole('button', { name: 'Done' }).click();
    await expect(sheet).toBeHidden();
    expect(owner.username).not.toBe(buyer.user.username);

    // An admin finds it from the Database Manager, with the message and the reason.
    const admin = await newCollector(browser, 1280);
    await admin.page.context().clearCookies();
    await signInAsAdmin(admin.page);
    await admin.page.goto('/admin-database');
    await admin.page.getByRole('link', { name: 'Reports' }).click();
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    const report = reportOf(admin.page, buyer.user);
    await expect(report).toContainText('Pay me by gift card first, then I will ship.');
    await expect(report).toContainText('Reason: Asks to pay off the site with gift cards.');
    await expect(report).toContainText(`Reported by ${owner.username}`);
    await expect(report.getByRole('link', { name: `View ${buyer.user.username}’s profile` })).toBeVisible();

    await report.getByRole('button', { name: 'Suspend account' }).click();
    const confirm = admin.page.getByRole('dialog', { name: `Suspend ${buyer.user.username}?` });
    await confirm.getByRole('button', { name: `Suspend ${buyer.user.username}` }).click();
    await expect(confirm).toBeHidden();
    await expect(report).toHaveCount(0);

    // The suspended collector is signed out and cannot sign in again.
    const signedOut = await buyer.page.request.get('/api/users/me/offers');
    expect(signedOut.status()).toBe(401);
    const signIn = await buyer.page.request.post('/api/auth/login', {
      data: { email: buyer.user.email, password: buyer.user.password },
    });
    expect(signIn.status()).toBe(403);
    expect(((await signIn.json()) as { error: { message: string } }).error.message).toBe(
      'This account has been suspended and cannot sign in.',
    );
    await expect(page.getByTestId('offer-turn')).toHaveCount(0);
    await buyer.page.context().close();
    await admin.page.context().close();
  });

  test('the Reports page reads well on a phone and can dismiss a report @mobile', async ({
    page,
    browser,
  }) => {
    const width = page.viewportSize()?.width ?? 375;
    const owner = await newCollector(browser, width);
    const buyer = await newCollector(browser, width);
    const { messageId } = await offerWithMessage(
      owner.page.request,
      buyer.page.request,
      'A long message without spaces: https://example.com/pay-here-with-a-very-long-address-that-keeps-going',
    );
    const filed = await owner.page.request.post('/api/reports', {
      data: { subject: 'message', id: messageId, reason: 'Sends me to another site to pay.' },
    });
    expect(filed.status()).toBe(201);

    await signInAsAdmin(page);
    await page.goto('/admin-reports');
    const report = reportOf(page, buyer.user);
    await expect(report).toContainText('Sends me to another site to pay.');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    await report.getByRole('button', { name: `Dismiss report: Message from ${buyer.user.username}` }).click();
    await expect(report).toHaveCount(0);
    await owner.page.context().close();
    await buyer.page.context().close();
  });

  test('a collector blocks another from their profile, and unblocks them', async ({ page, browser }) => {
    const viewer = await registerViaApi(page);
    const other = await newCollector(browser, 1280);

    await page.goto(`/profile/${other.user.id}`);
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Block ${other.user.username}?` });
    await expect(confirm).toContainText('Open offers between you are declined.');
    await confirm.getByRole('button', { name: `Block ${other.user.username}` }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(`You have blocked ${other.user.username}`)).toBeVisible();

    // The blocked collector cannot make offers on the blocker's cards.
    const added = await page.request.post('/api/users/me/collection', {
      data: { list: 'collected', setId: 'base_set', cardName: 'Venusaur', grade: 8, acceptingOffers: true },
    });
    expect(added.status()).toBe(201);
    const itemId = ((await added.json()) as { id: string }).id;
    const refused = await other.page.request.post('/api/offers', { data: { itemId, amount: 50 } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "You can't make offers to this collector.",
    );

    await page.getByRole('button', { name: 'Unblock', exact: true }).click();
    const undo = page.getByRole('dialog', { name: `Unblock ${other.user.username}?` });
    await undo.getByRole('button', { name: `Unblock ${other.user.username}` }).click();
    await expect(undo).toBeHidden();
    await expect(page.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
    const allowed = await other.page.request.post('/api/offers', { data: { itemId, amount: 50 } });
    expect(allowed.status()).toBe(201);
    expect(viewer.id).not.toBe(other.user.id);
    await other.page.context().close();
  });
});
