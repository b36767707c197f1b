import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('watches on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a card already watched shows Watching, which opens the watch to change or stop', async ({ page }) => {
    test.setTimeout(60_000);
    await registerViaApi(page);
    const created = await page.request.post('/api/watches', {
      data: { set: 'base', card: 'Blastoise', grader: 'PSA', grade: 9, below: 100 },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto('/?mode=analyse&set=base_set&card=Blastoise&grader=PSA&grade=9');
    await page.getByRole('button', { name: 'Watching', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Your watch' });
    await expect(sheet).toContainText('You are watching Blastoise (Base Set) PSA 9, below $100.00.');
    await expectAccessible(page);

    await sheet.getByRole('button', { name: 'Change' }).click();
    await expect(sheet.getByLabel('Tell me')).toHaveValue('below');
    await expect(sheet.getByLabel('Price in US dollars')).toHaveValue('100');
    await sheet.getByLabel('Price in US dollars').fill('200');
    await sheet.getByRole('button', { name: 'Save changes' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'You are watching' })).toHaveText(
      'You are watching Blastoise (Base Set) PSA 9, below $200.00.',
    );

    await page.getByRole('button', { name: 'Watching', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Your watch' })
      .getByRole('button', { name: 'Stop watching' })
      .click();
    await expect(page.getByRole('button', { name: 'Watch', exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are watching' })).toHaveCount(0);
  });

  test('a card that is not in the catalogue offers no Watch', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/?mode=analyse&set=base_set&card=Missingno');
    await expect(page.getByText('No results found for "Missingno"')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Watch/ })).toHaveCount(0);
  });
});
