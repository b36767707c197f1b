import type { Page } from '@playwright/test';
import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const WIDTHS = [390, 1280] as const;

async function fitsTheWidth(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function collectedCards(page: Page, userId: string) {
  const response = await page.request.get(`/api/users/${userId}/collection`);
  return ((await response.json()) as { cards: { cardName: string; certNumber: string | null }[] }).cards;
}

test.describe('completing a deal', () => {
  for (const width of WIDTHS) {
    test(`at ${width} px, the owner marks it sent, the buyer received, and the buyer adds the card`, async ({
      page,
      browser,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const owner = await registerViaApi(page);
      const added = await page.request.post('/api/users/me/collection', {
        data: {
          list: 'collected',
          setId: 'base_set',
          cardName: 'Venusaur',
          grade: 8,
          gradingCompany: 'PSA',
          certNumber: '44556677',
          acceptingOffers: true,
        },
      });
      expect(added.status()).toBe(201);
      const itemId = ((await added.json()) as { id: string }).id;

      const buyerContext = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport: { width, height: 900 },
      });
      const b = await buyerContext.newPage();
      const buyer = await registerViaApi(b);
      const made = await b.request.post('/api/offers', { data: { itemId, amount: 800 } });
      expect(made.status()).toBe(201);
      const offerId = ((await made.json()) as { id: string }).id;
      expect((await page.request.post(`/api/offers/${offerId}/accept`)).status()).toBe(200);

      await page.goto(`/offers/${offerId}`);
      await b.goto(`/offers/${offerId}`);
      await expect(page.getByTestId('deal-status')).toHaveText('Agreed');
      await expect(b.getByTestId('deal-status')).toHaveText('Agreed');
      await expect(b.getByText(`${owner.username} has not marked it as sent yet.`)).toBeVisible();

      // The owner marks it sent with the keyboard alone; the buyer's page hears of it.
      const markSent = page.getByRole('button', { name: 'Mark as sent' });
      await markSent.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText('You marked it as sent.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Mark as sent' })).toHaveCount(0);
      await expect(b.getByText(`${owner.username} marked it as sent.`)).toBeVisible();

      // Cancelling asks for a reason; the buyer thinks better of it.
      await b.getByRole('button', { name: 'Cancel deal…' }).click();
      const cancel = b.getByRole('form', { name: 'Cancel deal' });
      await cancel.getByRole('button', { name: 'Cancel deal' }).click();
      await expect(cancel.getByLabel('Why are you cancelling?')).toHaveAccessibleDescription(
        'Say why you are cancelling the deal.',
      );
      await expectAccessible(b);
      await fitsTheWidth(b);
      await cancel.getByRole('button', { name: 'Keep the deal' }).click();
      await expect(b.getByRole('form', { name: 'Cancel deal' })).toHaveCount(0);

      await b.getByRole('button', { name: 'Mark as received' }).click();
      await expect(b.getByTestId('deal-status')).toHaveText('Completed');
      await expect(page.getByTestId('deal-status')).toHaveText('Completed');
      await expect(page.getByText('The card has left your Collected list.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Add to my collection' })).toHaveCount(0);
      expect((await collectedCards(page, owner.id)).map((card) => card.cardName)).not.toContain(
        'Venusaur',
      );

      // The buyer is offered the card with its details filled in.
      const addCard = b.getByRole('region', { name: 'Add to my collection' });
      await expect(addCard).toContainText('Venusaur');
      await expect(addCard).toContainText('PSA');
      await expect(addCard).toContainText('44556677');
      await expectAccessible(b);
      await fitsTheWidth(b);
      await fitsTheWidth(page);
      await addCard.getByRole('button', { name: 'Add to my collection' }).click();
      await expect(b.getByRole('status').filter({ hasText: 'Added to your Collected list.' })).toBeVisible();
      expect(await collectedCards(b, buyer.id)).toEqual([
        expect.objectContaining({ cardName: 'Venusaur', certNumber: '44556677' }),
      ]);
      await buyerContext.close();
    });
  }
});
