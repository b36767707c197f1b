import type { Page } from '@playwright/test';
import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const tab = (page: Page, name: 'Collected' | 'Want to Buy', count: number) =>
  page.getByRole('tab', { name: `${name} (${count})` });

async function addViaApi(page: Page, body: Record<string, unknown>) {
  const response = await page.request.post('/api/users/me/collection', { data: body });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('collections', () => {
  test('a collector fills both lists through the add forms, and a second tab follows live', async ({
    page,
    context,
  }) => {
    const user = await registerViaApi(page);
    await page.goto('/profile');
    await expect(tab(page, 'Collected', 0)).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Want to Buy', 0)).toBeVisible();
    const second = await context.newPage();
    await second.goto(`/profile/${user.id}`);
    await expect(tab(second, 'Collected', 0)).toBeVisible();

    await page.getByRole('button', { name: 'Add card to Collected' }).click();
    const form = page.getByRole('dialog', { name: 'Add to Collected' });
    const cardName = form.getByRole('combobox', { name: 'Card Name' });
    const submit = form.getByRole('button', { name: 'Add to Collected' });
    await expect(cardName).toBeDisabled();
    await expect(submit).toBeDisabled();
    await expectAccessible(page);

    await form.getByLabel('Card Set').selectOption('Base Set');
    await cardName.fill('PIKA');
    await form
      .getByRole('option', { name: /^Pikachu · 58\/102/ })
      .first()
      .click();
    await expect(cardName).toHaveValue('Pikachu');
    await form.getByLabel('Card Set').selectOption('Jungle');
    await expect(cardName).toHaveValue('');
    await expect(submit).toBeDisabled();

    await cardName.fill('scy');
    await expect(form.getByRole('listbox', { name: 'Cards' }).getByRole('option')).toHaveText([
      'Scyther · 10/64 · Rare Holo',
      'Scyther · 26/64 · Rare',
    ]);
    await cardName.press('ArrowDown');
    await cardName.press('Enter');
    await expect(cardName).toHaveValue('Scyther');
    await form.getByLabel('Grade').selectOption('9');
    await form.getByLabel('Grading Company').selectOption('PSA');
    await form.getByLabel('Variant').selectOption('1st Edition');
    await form.getByLabel('Cert Number').fill('12 34!');
    await form.getByLabel('Accepting Offers').check();
    await submit.click();
    const cert = form.getByLabel('Cert Number');
    await expect(cert).toHaveAccessibleDescription(
      'A cert number is letters, digits and dashes, at most 20 characters.',
    );
    await expect(cert).toHaveAttribute('aria-invalid', 'true');
    await expect(cert).toBeFocused();
    await expect(form.getByLabel('Grade')).toHaveValue('9');
    await form.getByLabel('Cert Number').fill('81234567');
    await submit.click();
    await expect(form).toBeHidden();

    await expect(tab(page, 'Collected', 1)).toBeVisible();
    const scyther = page.getByRole('listitem').filter({ hasText: 'Scyther' });
    await expect(scyther).toContainText('PSA 9 · 1st Edition');
    await expect(scyther).toContainText('Cert 81234567');
    await expect(scyther).toContainText('Accepting offers');
    await expect(tab(second, 'Collected', 1)).toBeVisible();

    await page.getByRole('button', { name: 'Add card to Collected' }).click();
    await expect(form.getByLabel('Card Set')).toHaveValue('');
    await expect(form.getByLabel('Cert Number')).toHaveValue('');
    await page.keyboard.press('Escape');

    await tab(page, 'Want to Buy', 0).click();
    await page.getByRole('button', { name: 'Add card to Want to Buy' }).click();
    const wtbForm = page.getByRole('dialog', { name: 'Add to Want to Buy' });
    await expect(wtbForm.getByLabel('Cert Number')).toHaveCount(0);
    await expect(wtbForm.getByLabel('Accepting Offers')).toHaveCount(0);
    await wtbForm.getByLabel('Card Set').selectOption('Fossil');
    await wtbForm.getByRole('combobox', { name: 'Card Name' }).fill('zapdos');
    await wtbForm.getByRole('option', { name: /^Zapdos · 15\/62/ }).click();
    await wtbForm.getByRole('button', { name: 'Add to Want to Buy' }).click();
    await expect(wtbForm).toBeHidden();
    await expect(tab(page, 'Want to Buy', 1)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('listitem').filter({ hasText: 'Zapdos' })).toContainText('Fossil · Holo');
    await expect(tab(second, 'Want to Buy', 1)).toBeVisible();
    await second.close();
  });

  test('@mobile the owner searches, filters, switches views and removes a card after confirming', async ({
    page,
  }) => {
    await registerViaApi(page);
    await addViaApi(page, { list: 'collected', setId: 'base_set', cardName: 'Charizard', grade: 10 });
    await addViaApi(page, {
      list: 'collected',
      setId: 'jungle_set',
      cardName: 'Scyther',
      cardNumber: '26/64',
    });
    await addViaApi(page, { list: 'collected', setId: 'fossil_set', cardName: 'Kabuto' });
    await addViaApi(page, { list: 'wtb', setId: 'base_set', cardName: 'Zapdos' });
    await page.goto('/profile');
    await expect(tab(page, 'Collected', 3)).toBeVisible();
    const cards = page.getByRole('list', { name: 'Collected cards' }).getByRole('listitem');
    await expect(cards).toHaveCount(3);

    const search = page.getByRole('combobox', { name: 'Search this collection' });
    await search.fill('scy');
    await expect(cards).toHaveCount(1);
    await page.getByRole('option', { name: 'Scyther · Jungle · Non-Holo' }).click();
    await expect(search).toHaveValue('Scyther · Jungle · Non-Holo');
    await expect(cards).toHaveText([/Scyther/]);
    await page.getByRole('button', { name: 'Clear search' }).click();

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('radio', { name: 'Fossil' }).check();
    await expect(cards).toHaveText([/Kabuto/]);
    await page.getByRole('radio', { name: 'Holo Rare' }).check();
    await expect(page.getByText('No cards match your search or filters.')).toBeVisible();
    await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Clear all' }).click();
    await expect(cards).toHaveCount(3);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'Remove Charizard 4/102' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove card' });
    await expect(confirm).toContainText('Are you sure you want to remove this card from your collection?');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(cards).toHaveCount(3);
    await page.getByRole('button', { name: 'Remove Charizard 4/102' }).click();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(tab(page, 'Collected', 2)).toBeVisible();

    await tab(page, 'Want to Buy', 1).click();
    await page.getByRole('button', { name: 'Remove Zapdos 16/102' }).click();
    await expect(confirm).toContainText(
      'Are you sure you want to remove this card from your want to buy list?',
    );
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(tab(page, 'Want to Buy', 0)).toBeVisible();
    await expect(page.getByText('Your Want to Buy list is empty.', { exact: false })).toBeVisible();
  });
});
