import type { Locator, Page } from '@playwright/test';

/** What the analysis tests look for on the home page. */
export const cardInput = (page: Page) => page.getByRole('combobox', { name: 'Card name' });
export const analysisHeading = (page: Page) => page.getByRole('heading', { level: 2 });
/** The table of sales (the grade ladder above it is a table too). */
export const salesTable = (page: Page) => page.getByRole('table', { name: /^Sales of / });
/** The grade ladder's table. */
export const ladderTable = (page: Page) => page.getByRole('table', { name: /^Grade ladder of / });

/** The value next to a term of the card's details, e.g. "Card Number" → "4/102". */
export function detail(page: Page, term: string): Locator {
  return page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd');
}

export async function totalSales(page: Page): Promise<number> {
  const text = await page.getByText(/^Total Sales:/).textContent();
  return Number(text?.replace(/[^0-9]/g, ''));
}

export async function search(page: Page, text: string): Promise<void> {
  await cardInput(page).fill(text);
  await cardInput(page).press('Enter');
}
