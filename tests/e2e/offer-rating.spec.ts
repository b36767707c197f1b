import type { Page } from '@playwright/test';
import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

async function fitsTheWidth(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function addNinetales(page: Page, grade: number, acceptingOffers: boolean): Promise<string> {
  const added = await page.request.post('/api/users/me/collection', {
    data: {
      list: 'collected',
      setId: 'base_set',
      cardName: 'Ninetales',
      grade,
      gradingCompany: 'PSA',
      acceptingOffers,
    },
  });
  expect(added.status()).toBe(201);
  return ((await added.json()) as { id: string }).id;
}

test.describe('rating after a deal', () => {
  test('two collectors rate each other after a completed deal, and a third sees it on their profiles and in Source @mobile', async ({
    page,
    browser,
  }) => {
    // Three collectors sign up, and the sign-up limit may make the suite wait for a minute.
    test.slow();
    const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
    const newPage = async () => {
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
      return { context, page: await context.newPage() };
    };

    // The owner keeps a second Ninetales, so they stay in Source after the first one is sold.
    const owner = await registerViaApi(page);
    const itemId = await addNinetales(page, 9, true);
    await addNinetales(page, 6, false);

    const buyerSide = await newPage();
    const b = buyerSide.page;
    const buyer = await registerViaApi(b);
    const made = await b.request.post('/api/offers', { data: { itemId, amount: 640 } });
    expect(made.status()).toBe(201);
    const offerId = ((await made.json()) as { id: string }).id;
    expect((await page.request.post(`/api/offers/${offerId}/accept`)).status()).toBe(200);

    // No form while the deal is only agreed.
    await b.goto(`/offers/${offerId}`);
    await expect(b.getByTestId('deal-status')).toHaveText('Agreed');
    await expect(b.getByRole('form', { name: `Rate ${owner.username}` })).toHaveCount(0);

    expect((await page.request.post(`/api/offers/${offerId}/complete`)).status()).toBe(200);
    expect((await b.request.post(`/api/offers/${offerId}/complete`)).status()).toBe(200);
    await expect(b.getByTestId('deal-status')).toHaveText('Completed');
    await b
      .getByRole('region', { name: 'Add to my collection' })
      .getByRole('button', { name: 'Add to my collection' })
      .click();
    await expect(b.getByRole('status').filter({ hasText: 'Added to your Collected list.' })).toBeVisible();

    // The buyer rates the owner with the keyboard alone; sending without stars says what is missing.
    const rateOwner = b.getByRole('form', { name: `Rate ${owner.username}` });
    await expect(rateOwner).toBeVisible();
    await rateOwner.getByRole('button', { name: 'Send rating' }).click();
    await expect(rateOwner.getByRole('group', { name: 'How was the deal?' })).toHaveAccessibleDescription(
      'Choose from 1 to 5 stars.',
    );
    await expect(rateOwner.getByText('Choose from 1 to 5 stars.')).toHaveClass(/text-red-700/);
    await expectAccessible(b);
    await rateOwner.getByRole('radio', { name: '1 star' }).focus();
    for (let step = 0; step < 3; step++) await b.keyboard.press('ArrowRight');
    await expect(rateOwner.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await b.keyboard.press('Tab');
    await expect(rateOwner.getByLabel('Comment (optional)')).toBeFocused();
    await b.keyboard.type('Well packed, shipped the next day.');
    await b.keyboard.press('Tab');
    await expect(rateOwner.getByRole('button', { name: 'Send rating' })).toBeFocused();
    await b.keyboard.press('Enter');
    await expect(b.getByTestId('your-rating')).toContainText(`You rated ${owner.username} 4 stars`);
    await expect(b.getByTestId('your-rating')).toContainText('“Well packed, shipped the next day.”');
    await expect(b.getByRole('form', { name: `Rate ${owner.username}` })).toHaveCount(0);
    await expectAccessible(b);
    await fitsTheWidth(b);

    // The owner sees it, and rates the buyer.
    await page.goto(`/offers/${offerId}`);
    await expect(page.getByTestId('their-rating')).toContainText(`${buyer.username} rated you 4 stars`);
    const rateBuyer = page.getByRole('form', { name: `Rate ${buyer.username}` });
    await rateBuyer.getByRole('radio', { name: '5 stars' }).check();
    await rateBuyer.getByRole('button', { name: 'Send rating' }).click();
    await expect(page.getByTestId('your-rating')).toContainText(`You rated ${buyer.username} 5 stars`);
    await expect(b.getByTestId('their-rating')).toContainText(`${owner.username} rated you 5 stars`);
    await expectAccessible(page);
    await fitsTheWidth(page);

    // A third collector reads both reputations.
    const thirdSide = await newPage();
    const third = thirdSide.page;
    const thirdUser = await registerViaApi(third);
    await third.goto(`/profile/${owner.id}`);
    const ownersReputation = third.getByRole('region', { name: 'Reputation' });
    await expect(ownersReputation.getByTestId('reputation-summary')).toHaveText(
      /4\.0\s*1 rating\s*1 completed deal/,
    );
    await expect(ownersReputation.getByRole('img', { name: '4.0 out of 5 stars' })).toBeVisible();
    const ownersRatings = ownersReputation.getByRole('list', { name: 'Ratings received, newest first' });
    await expect(ownersRatings.getByRole('listitem')).toHaveCount(1);
    await expect(ownersRatings.getByRole('listitem')).toContainText(`from ${buyer.username} on`);
    await expect(ownersRatings.getByRole('listitem')).toContainText('Well packed, shipped the next day.');
    await expect(ownersRatings.getByRole('img', { name: '4 stars out of 5' })).toBeVisible();
    await fitsTheWidth(third);

    await ownersRatings.getByRole('link', { name: buyer.username }).click();
    await expect(third).toHaveURL(new RegExp(`/profile/${buyer.id}$`));
    const buyersReputation = third.getByRole('region', { name: 'Reputation' });
    await expect(buyersReputation.getByTestId('reputation-summary')).toHaveText(
      /5\.0\s*1 rating\s*1 completed deal/,
    );
    await expect(buyersReputation.getByRole('listitem')).toContainText(`from ${owner.username} on`);

    await third.goto('/?mode=source&set=base_set&card=Ninetales');
    const results = third.getByRole('region', { name: /^Collectors with Ninetales/ });
    await expect(results.getByRole('listitem').filter({ hasText: owner.username })).toContainText(
      '4.0 · 1 rating · 1 completed deal',
    );
    await expect(results.getByRole('listitem').filter({ hasText: buyer.username })).toContainText(
      '5.0 · 1 rating · 1 completed deal',
    );
    await expectAccessible(third);
    await fitsTheWidth(third);

    // A collector nobody has rated says so.
    await third.goto(`/profile/${thirdUser.id}`);
    await expect(third.getByRole('region', { name: 'Reputation' })).toContainText('No ratings yet');

    await buyerSide.context.close();
    await thirdSide.context.close();
  });
});
