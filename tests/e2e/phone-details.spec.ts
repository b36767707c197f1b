import type { Browser, Page } from '@playwright/test';
import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

/** A collector, in a browser of their own, who owns a Blastoise PSA 9 open to offers. */
async function ownerWithBlastoise(browser: Browser): Promise<string> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const owner = await registerViaApi(page);
  const response = await page.request.post('/api/users/me/collection', {
    data: {
      list: 'collected',
      setId: 'base_set',
      cardName: 'Blastoise',
      cardNumber: '2/102',
      grade: 9,
      gradingCompany: 'PSA',
      certNumber: '55512345',
      acceptingOffers: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  await context.close();
  return owner.id;
}

/** Whether an input's placeholder fits inside its text box, measured in the input's own font. */
function placeholderFits(page: Page, name: string) {
  return page.getByRole('combobox', { name }).evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room =
      input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room;
  });
}

test.describe('small things on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the card search shows its whole placeholder', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('combobox', { name: 'Card name' })).toHaveAttribute(
      'placeholder',
      'e.g. Charizard',
    );
    expect(await placeholderFits(page, 'Card name')).toBe(true);
  });

  test('opening the sign-in sheet by keyboard puts focus on the email field', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Welcome Back' });
    await expect(sheet.getByLabel('Email')).toBeFocused();
  });

  test('Make Offer stays on one line, and its sheet shows the card, its grade, certificate and estimate', async ({
    page,
    browser,
  }) => {
    const ownerId = await ownerWithBlastoise(browser);
    await registerViaApi(page);
    await page.goto(`/profile/${ownerId}`);
    const makeOffer = page.getByRole('button', { name: 'Make Offer on Blastoise 2/102' });
    await expect(makeOffer).toBeVisible();
    const lineHeight = await makeOffer.evaluate((button) =>
      Number.parseFloat(getComputedStyle(button).lineHeight),
    );
    const box = await makeOffer.boundingBox();
    // One line of text plus the button's padding, never two.
    expect(box?.height).toBeLessThan(lineHeight * 2);

    await makeOffer.click();
    const sheet = page.getByRole('dialog', { name: 'Make Offer' });
    await expect(sheet.locator('img')).toHaveAttribute('src', /\S/);
    await expect(sheet).toContainText('Blastoise 2/102');
    await expect(sheet).toContainText('PSA 9 · Cert 55512345');
    await expect(sheet).toContainText(/Est\. \$[\d,]+\.\d\d|No estimate yet/);
    await expect(sheet.getByLabel('Offer amount (USD)')).toHaveAttribute('placeholder', 'e.g. 2,500');
    await expect(sheet.getByLabel('Offer amount (USD)')).toHaveValue('');
    await expectAccessible(page);
  });
});
