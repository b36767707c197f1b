import type { Page } from '@playwright/test';
import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

async function fitsTheWidth(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function addNinetales(page: Page, grade: number, acceptingOffers: boolean): Promise<void> {
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
}

test.describe('rating after a deal', () => {
  test('two collectors make, counter, accept and complete a deal side by side, rate each other, and a third sees it on their profiles and in Source @mobile', async ({
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
    await addNinetales(page, 9, true);
    await addNinetales(page, 6, false);

    await page.goto('/profile');
    const ownerInbox = page.getByRole('region', { name: 'Inbox' });
    await expect(ownerInbox.getByText('No offers yet.')).toBeVisible();

    // The buyer makes an offer with the offer sheet on the owner's profile.
    const buyerSide = await newPage();
    const b = buyerSide.page;
    const buyer = await registerViaApi(b);
    await b.goto(`/profile/${owner.id}`);
    await b.getByRole('button', { name: 'Make Offer on Ninetales 12/102' }).click();
    const sheet = b.getByRole('dialog', { name: 'Make Offer' });
    await sheet.getByLabel('Offer amount (USD)').fill('600');
    await sheet.getByLabel('Message (optional)').fill('Is $600 all right?');
    await expectAccessible(b);
    await sheet.getByRole('button', { name: 'Send Offer' }).click();
    await expect(sheet).toBeHidden();
    await expect(b.getByRole('listitem').filter({ hasText: 'Your offer' })).toContainText(
      /Your offer \$600\.00\s*Open/,
    );

    // The buyer keeps the offer open, from their own inbox.
    await b.goto('/profile');
    const buyerRow = b.getByRole('region', { name: 'Inbox' }).getByTestId('inbox-row');
    await expect(buyerRow).toContainText(`To ${owner.username} · $600.00`);
    await buyerRow.click();
    await expect(b.getByTestId('offer-turn')).toContainText(`Waiting for ${owner.username}`);
    const offerUrl = new URL(b.url()).pathname;

    // The owner's inbox lists it without a reload; the owner opens it and counters.
    const ownerRow = ownerInbox.getByTestId('inbox-row');
    await expect(ownerRow).toContainText(`From ${buyer.username} · $600.00`);
    await expect(ownerRow).toContainText('Your turn');
    await expectAccessible(page);
    await fitsTheWidth(page);
    await ownerRow.click();
    await expect(page).toHaveURL(new RegExp(`${offerUrl}$`));
    await expect(page.getByRole('list', { name: 'Rounds' })).toContainText('Is $600 all right?');
    const counter = page.getByRole('form', { name: 'Counter-offer' });
    await counter.getByLabel('Counter amount (USD)').fill('640');
    await counter.getByRole('button', { name: 'Counter' }).click();
    await expect(page.getByTestId('offer-turn')).toContainText(`Waiting for ${buyer.username}`);
    await expectAccessible(page);

    // The buyer's open page shows the counter live, and the buyer accepts it.
    await expect(b.getByRole('list', { name: 'Rounds' }).getByRole('listitem').nth(1)).toContainText(
      `${owner.username} countered with $640.00`,
    );
    await expect(b.getByTestId('offer-turn')).toContainText('Your turn to answer');
    await expectAccessible(b);
    await b.getByRole('button', { name: 'Accept $640.00' }).click();

    // No rating form while the deal is only agreed.
    await expect(b.getByTestId('deal-status')).toHaveText('Agreed');
    await expect(page.getByTestId('deal-status')).toHaveText('Agreed');
    await expect(b.getByRole('form', { name: `Rate ${owner.username}` })).toHaveCount(0);
    await expect(page.getByRole('form', { name: `Rate ${buyer.username}` })).toHaveCount(0);

    // Each marks their side on the offer page; both pages show the deal completed.
    await page.getByRole('button', { name: 'Mark as sent' }).click();
    await expect(b.getByText(`${owner.username} marked it as sent.`)).toBeVisible();
    await expectAccessible(page);
    await b.getByRole('button', { name: 'Mark as received' }).click();
    await expect(b.getByTestId('deal-status')).toHaveText('Completed');
    await expect(page.getByTestId('deal-status')).toHaveText('Completed');
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

    // The owner, still on the offer page, sees it live and rates the buyer.
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
