import type { Browser, Page } from '@playwright/test';
import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

async function addViaApi(page: Page, body: Record<string, unknown>) {
  const response = await page.request.post('/api/users/me/collection', { data: body });
  expect(response.status(), await response.text()).toBe(201);
}

/** A second person with a browser of their own. */
async function secondBrowser(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return { context, page: await context.newPage() };
}

test.describe('offers', () => {
  test('B finds A through Source, returns with the search intact and makes an offer; A accepts it live', async ({
    page,
    browser,
  }) => {
    const owner = await registerViaApi(page);
    await addViaApi(page, {
      list: 'collected',
      setId: 'fossil_set',
      cardName: 'Aerodactyl',
      cardNumber: '1/62',
      grade: 10,
      gradingCompany: 'PSA',
      certNumber: '55500011',
      acceptingOffers: true,
    });
    await addViaApi(page, { list: 'collected', setId: 'fossil_set', cardName: 'Kabuto' });
    await addViaApi(page, { list: 'wtb', setId: 'base_set', cardName: 'Charizard' });
    await page.goto('/profile');
    const inbox = page.getByRole('region', { name: 'Inbox' });
    await expect(inbox.getByText('No offers yet.')).toBeVisible();

    const buyer = await secondBrowser(browser);
    const b = buyer.page;
    const buyerUser = await registerViaApi(b);
    await b.goto('/');
    // The mode lives in the URL, so the radio shows it once the navigation has landed.
    await b.getByRole('radio', { name: 'Source' }).click();
    await expect(b.getByRole('radio', { name: 'Source' })).toBeChecked();
    await b.getByRole('button', { name: 'Set: Base Set' }).click();
    await b.getByRole('menuitemradio', { name: 'Fossil' }).click();
    await b.getByRole('combobox', { name: 'Card name' }).fill('aerodactyl');
    await b.getByRole('combobox', { name: 'Card name' }).press('Enter');
    await expect(b).toHaveURL(/\/\?mode=source&set=fossil_set&card=Aerodactyl/);
    const results = b.getByRole('region', { name: /^Collectors with Aerodactyl/ });
    await expect(results).toContainText(/Total Collectors: \d+/);
    const entry = results.getByRole('listitem').filter({ hasText: owner.username });
    await expect(entry).toContainText(`Member since ${new Date().getFullYear()} · Japan`);
    await expect(entry).toContainText('Aerodactyl 1/62 · Fossil');
    await expect(entry).toContainText('Grade: PSA 10 · Cert: 55500011');
    await expect(entry).toContainText('Accepting offers');
    await expectAccessible(b);
    const searchUrl = b.url();

    await entry.getByRole('link', { name: owner.username }).click();
    await expect(b.getByRole('heading', { level: 1, name: owner.username })).toBeVisible();
    await expect(b.getByRole('tab', { name: 'Want to Buy (1)' })).toBeDisabled();
    await expect(b.getByRole('button', { name: 'Make Offer on Kabuto 50/62' })).toHaveCount(0);
    await expect(b.getByRole('button', { name: /^Add card/ })).toHaveCount(0);
    await expect(b.getByRole('heading', { name: 'Inbox' })).toHaveCount(0);
    await b.getByRole('button', { name: 'Back to Search' }).click();
    await expect(b).toHaveURL(searchUrl);
    await expect(b.getByRole('combobox', { name: 'Card name' })).toHaveValue('Aerodactyl');
    await expect(b.getByRole('radio', { name: 'Source' })).toBeChecked();
    await expect(entry).toBeVisible();

    await entry.getByRole('link', { name: owner.username }).click();
    await b.getByRole('button', { name: 'Make Offer on Aerodactyl 1/62' }).click();
    const sheet = b.getByRole('dialog', { name: 'Make Offer' });
    await expect(sheet).toContainText('Response time: 2h avg');
    await expectAccessible(b);
    await sheet.getByLabel('Offer amount (USD)').fill('lots');
    await sheet.getByRole('button', { name: 'Send Offer' }).click();
    const amount = sheet.getByLabel('Offer amount (USD)');
    await expect(amount).toHaveAccessibleDescription('Enter an amount in dollars, for example 2500.');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toBeFocused();
    await sheet.getByLabel('Offer amount (USD)').fill('2,500');
    await sheet.getByLabel('Message (optional)').fill('Would love this one for my Fossil set.');
    await sheet.getByRole('button', { name: 'Send Offer' }).click();
    await expect(sheet).toBeHidden();
    const card = b.getByRole('listitem').filter({ hasText: 'Aerodactyl' });
    await expect(card).toContainText(/Your offer \$2,500\.00\s*Open/);

    // The owner's inbox lists it without a reload; its row opens the offer, where the owner answers.
    const row = inbox.getByTestId('inbox-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Aerodactyl 1/62');
    await expect(row).toContainText('Fossil · PSA 10');
    await expect(row).toContainText(`From ${buyerUser.username} · $2,500.00`);
    await expect(row).toContainText('Open');
    await expect(row).toContainText('Your turn');
    await row.click();
    await expect(page.getByRole('heading', { level: 1, name: /Offer on Aerodactyl/ })).toBeVisible();
    const rounds = page.getByRole('list', { name: 'Rounds' });
    await expect(rounds.getByRole('listitem')).toContainText(`${buyerUser.username} offered $2,500.00`);
    await expect(rounds.getByRole('listitem')).toContainText('Would love this one for my Fossil set.');
    await page.getByRole('button', { name: 'Accept $2,500.00' }).click();
    await expect(page.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
    await expect(page.getByTestId('deal-status')).toHaveText('Agreed');

    await expect(card).toContainText(/Your offer \$2,500\.00\s*Accepted/);
    await expect(b.getByRole('button', { name: 'Make Offer on Aerodactyl 1/62' })).toHaveCount(0);
    await buyer.context.close();
  });

  test('@mobile the sender withdraws an open offer on its page, opened from their inbox, and the owner sees it', async ({
    page,
    browser,
  }) => {
    const owner = await registerViaApi(page);
    await addViaApi(page, {
      list: 'collected',
      setId: 'jungle_set',
      cardName: 'Snorlax',
      acceptingOffers: true,
    });
    await page.goto('/profile');
    const ownerRow = page.getByRole('region', { name: 'Inbox' }).getByTestId('inbox-row');

    const buyer = await secondBrowser(browser);
    const b = buyer.page;
    await b.setViewportSize(page.viewportSize() ?? { width: 1280, height: 800 });
    await registerViaApi(b);
    await b.goto(`/profile/${owner.id}`);
    await b.getByRole('button', { name: /^Make Offer on Snorlax/ }).click();
    await b.getByLabel('Offer amount (USD)').fill('120.50');
    await b.getByRole('button', { name: 'Send Offer' }).click();
    await expect(ownerRow).toContainText('$120.50');
    await expect(ownerRow).toContainText('Open');

    await b.goto('/profile');
    const sent = b.getByRole('region', { name: 'Inbox' }).getByTestId('inbox-row');
    await expect(sent).toContainText(`To ${owner.username}`);
    await expect(sent).toContainText(`Waiting for ${owner.username}`);
    await sent.click();
    await expect(b.getByRole('heading', { level: 1, name: /Offer on Snorlax/ })).toBeVisible();
    await expect(b.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
    await b.getByRole('button', { name: 'Withdraw' }).click();
    await expect(b.getByText('Withdrawn', { exact: true })).toBeVisible();
    await expect(b.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
    await expectAccessible(b);

    // The owner's inbox follows, and the offer's page leaves them nothing to answer.
    await expect(ownerRow).toContainText('Withdrawn');
    await expect(ownerRow).not.toContainText('Your turn');
    await ownerRow.click();
    await expect(page.getByText('Withdrawn', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Decline' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Counter-offer' })).toHaveCount(0);
    await buyer.context.close();
  });

  test('a visitor who wants to make an offer is asked to log in first', async ({ page, browser }) => {
    const seller = await secondBrowser(browser);
    const owner = await registerViaApi(seller.page);
    await addViaApi(seller.page, {
      list: 'collected',
      setId: 'base_set',
      cardName: 'Blastoise',
      acceptingOffers: true,
    });
    await seller.context.close();

    await page.goto(`/profile/${owner.id}`);
    await page.getByRole('button', { name: 'Make Offer on Blastoise 2/102' }).click();
    const sheet = page.getByRole('dialog', { name: 'Make Offer' });
    await expect(sheet).toContainText('Log in to make an offer on Blastoise 2/102.');
    await expect(sheet.getByLabel('Offer amount (USD)')).toHaveCount(0);
    await sheet.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
  });
});
