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

test.describe('negotiating an offer', () => {
  for (const width of WIDTHS) {
    test(`at ${width} px, two collectors counter, talk and agree, each seeing the other live`, async ({
      page,
      browser,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const owner = await registerViaApi(page);
      const added = await page.request.post('/api/users/me/collection', {
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

      const buyerContext = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport: { width, height: 900 },
      });
      const b = await buyerContext.newPage();
      const buyer = await registerViaApi(b);
      const made = await b.request.post('/api/offers', {
        data: { itemId, amount: 1000, message: 'Would you take $1,000?' },
      });
      expect(made.status()).toBe(201);

      // The owner opens it from the inbox on their profile.
      await page.goto('/profile');
      const received = page.getByRole('region', { name: 'Inbox' }).getByTestId('inbox-row');
      await expect(received).toContainText(`From ${buyer.username}`);
      await expect(received).toContainText('Your turn');
      await received.click();
      await expect(page.getByRole('heading', { level: 1, name: /Offer on Blastoise/ })).toBeVisible();
      await expect(page.getByTestId('offer-turn')).toContainText('Your turn to answer');
      const ownerRounds = page.getByRole('list', { name: 'Rounds' });
      await expect(ownerRounds.getByRole('listitem')).toContainText(`${buyer.username} offered $1,000.00`);
      await expect(page.getByText('No messages yet.')).toBeVisible();

      // The buyer waits on the same offer.
      await b.goto(page.url().replace(/^https?:\/\/[^/]+/, ''));
      await expect(b.getByTestId('offer-turn')).toContainText(`Waiting for ${owner.username}`);
      await expect(b.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
      await expect(b.getByRole('form', { name: 'Counter-offer' })).toHaveCount(0);

      // A counter out of the offer's rules is refused in place; a good one passes the turn.
      const counter = page.getByRole('form', { name: 'Counter-offer' });
      await counter.getByLabel('Counter amount (USD)').fill('0');
      await counter.getByRole('button', { name: 'Counter' }).click();
      await expect(counter.getByLabel('Counter amount (USD)')).toHaveAccessibleDescription(
        'An offer must be more than $0.',
      );
      await counter.getByLabel('Counter amount (USD)').fill('1,250');
      await counter.getByLabel('Note with the counter (optional)').fill('It is a sharp copy.');
      await counter.getByRole('button', { name: 'Counter' }).click();
      await expect(page.getByTestId('offer-turn')).toContainText(`Waiting for ${buyer.username}`);
      await expect(ownerRounds.getByRole('listitem').nth(1)).toContainText('You countered with $1,250.00');
      await expect(page.getByRole('button', { name: /^Accept/ })).toHaveCount(0);

      const buyerRounds = b.getByRole('list', { name: 'Rounds' });
      await expect(buyerRounds.getByRole('listitem').nth(1)).toContainText(
        `${owner.username} countered with $1,250.00`,
      );
      await expect(buyerRounds).toContainText('It is a sharp copy.');
      await expect(b.getByTestId('offer-turn')).toContainText('Your turn to answer');

      // The buyer writes; markup and links stay plain text.
      const text = '<b>Any whitening?</b> Photos at https://example.com/blastoise please';
      const box = b.getByLabel('Message', { exact: true });
      await box.fill(text);
      await expect(box).toHaveAccessibleDescription(`${text.length} of 1,000 characters`);
      await b.getByRole('button', { name: 'Send message' }).click();
      await expect(box).toHaveValue('');
      const ownerMessages = page.getByRole('list', { name: 'Messages' });
      await expect(ownerMessages.getByRole('listitem')).toContainText(text);
      await expect(ownerMessages.getByRole('link')).toHaveCount(0);
      await expect(ownerMessages.locator('b')).toHaveCount(0);

      // The owner answers with the keyboard alone.
      const reply = page.getByLabel('Message', { exact: true });
      await reply.focus();
      await page.keyboard.type('None at all. Shipping is insured.');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Send message' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(b.getByRole('list', { name: 'Messages' }).getByRole('listitem').nth(1)).toContainText(
        `${owner.username}`,
      );
      await expect(b.getByRole('list', { name: 'Messages' })).toContainText(
        'None at all. Shipping is insured.',
      );
      await expectAccessible(b);
      await fitsTheWidth(b);
      await fitsTheWidth(page);

      await b.getByRole('button', { name: 'Accept $1,250.00' }).click();
      await expect(b.getByText('Accepted', { exact: true })).toBeVisible();
      await expect(page.getByText('Accepted', { exact: true })).toBeVisible();
      await expect(page.getByTestId('offer-turn')).toHaveCount(0);
      await expectAccessible(page);

      // Both inboxes show the agreed deal at the agreed amount, each collector yet to mark their side.
      await page.goto('/profile');
      await expect(received).toContainText('Deal agreed');
      await expect(received).toContainText('$1,250.00');
      await expect(received).toContainText('Your turn');
      await b.goto('/profile');
      const sent = b.getByRole('region', { name: 'Inbox' }).getByTestId('inbox-row');
      await expect(sent).toContainText(`To ${owner.username} · $1,250.00`);
      await expect(sent).toContainText('Deal agreed');
      await expect(sent).toContainText('Your turn');
      await buyerContext.close();
    });
  }
});
