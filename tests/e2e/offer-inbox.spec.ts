import type { Page } from '@playwright/test';
import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

/** A collected card of the signed-in collector that accepts offers; its id. */
async function cardOpenToOffers(page: Page, cardName: string): Promise<string> {
  const added = await page.request.post('/api/users/me/collection', {
    data: {
      list: 'collected',
      setId: 'base_set',
      cardName,
      grade: 9,
      gradingCompany: 'PSA',
      acceptingOffers: true,
    },
  });
  expect(added.status()).toBe(201);
  return ((await added.json()) as { id: string }).id;
}

async function fitsTheWidth(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('the offer inbox and live offer news', () => {
  test('the owner hears of a new offer live, and the buyer’s open offer page shows the counter live', async ({
    page,
    browser,
  }) => {
    const owner = await registerViaApi(page);
    const itemId = await cardOpenToOffers(page, 'Machamp');
    await page.goto('/profile');
    const inbox = page.getByRole('region', { name: 'Inbox' });
    await expect(inbox.getByText('No offers yet.')).toBeVisible();
    // The profile has no header: the owner's bell is in another tab, on the home page.
    const home = await page.context().newPage();
    await home.goto('/');
    await expect(home.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    const buyerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const b = await buyerContext.newPage();
    const buyer = await registerViaApi(b);
    const made = await b.request.post('/api/offers', { data: { itemId, amount: 1000 } });
    expect(made.status()).toBe(201);
    const offerId = ((await made.json()) as { id: string }).id;

    // Without a reload: the bell counts it, and the inbox lists it as the owner's turn.
    await expect(home.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({
      timeout: 15_000,
    });
    const row = inbox.getByTestId('inbox-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Machamp');
    await expect(row).toContainText(`From ${buyer.username}`);
    await expect(row).toContainText('$1,000.00');
    await expect(row).toContainText('Open');
    await expect(row).toContainText('Your turn');
    await expect(row).toContainText('(unread)');
    await home.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await expect(home.getByRole('dialog', { name: 'Notifications' })).toContainText(
      `${buyer.username} made an offer of $1,000.00 on your Machamp (Base Set) PSA 9`,
    );
    await home.close();

    // The buyer has the offer open; the owner opens it from the inbox, which marks its news read.
    await b.goto(`/offers/${offerId}`);
    await expect(b.getByTestId('offer-turn')).toContainText(`Waiting for ${owner.username}`);
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/offers/${offerId}$`));
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    const counter = page.getByRole('form', { name: 'Counter-offer' });
    await counter.getByLabel('Counter amount (USD)').fill('1,250');
    await counter.getByRole('button', { name: 'Counter' }).click();
    await expect(page.getByTestId('offer-turn')).toContainText(`Waiting for ${buyer.username}`);

    // The buyer's page follows without a reload, and their news of it is read there and then.
    await expect(b.getByRole('list', { name: 'Rounds' }).getByRole('listitem').nth(1)).toContainText(
      `${owner.username} countered with $1,250.00`,
    );
    await expect(b.getByTestId('offer-turn')).toContainText('Your turn to answer');
    await expect(b.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible({
      timeout: 15_000,
    });

    // Back in the owner's inbox the row waits for the buyer, no longer highlighted.
    await page.goto('/profile');
    await expect(row).toContainText(`Waiting for ${buyer.username}`);
    await expect(row).toContainText('$1,250.00');
    await expect(row).not.toContainText('(unread)');
    await buyerContext.close();
  });

  test('@mobile the inbox lists both sides’ offers and fits a phone', async ({ page, browser }) => {
    await registerViaApi(page);
    const mine = await cardOpenToOffers(page, 'Hitmonchan');

    const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = await otherContext.newPage();
    const collector = await registerViaApi(other);
    const theirs = await cardOpenToOffers(other, 'Electabuzz');
    expect((await other.request.post('/api/offers', { data: { itemId: mine, amount: 75 } })).status()).toBe(
      201,
    );
    await otherContext.close();
    expect((await page.request.post('/api/offers', { data: { itemId: theirs, amount: 60 } })).status()).toBe(
      201,
    );

    await page.goto('/profile');
    const rows = page.getByRole('region', { name: 'Inbox' }).getByTestId('inbox-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Electabuzz');
    await expect(rows.nth(0)).toContainText(`To ${collector.username}`);
    await expect(rows.nth(0)).toContainText(`Waiting for ${collector.username}`);
    await expect(rows.nth(1)).toContainText('Hitmonchan');
    await expect(rows.nth(1)).toContainText('Your turn');
    await rows.nth(1).scrollIntoViewIfNeeded();
    await fitsTheWidth(page);
    await expectAccessible(page);
  });
});
