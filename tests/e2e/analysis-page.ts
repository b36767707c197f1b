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

/**
 * The Total Sales line ("Total Sales: 575, 17 of them flagged and left out of the figures"): the sales the
 * table lists, and how many of them count in the figures.
 */
async function salesCounts(page: Page): Promise<{ listed: number; counted: number }> {
  const text = (await page.getByText(/^Total Sales:/).textContent()) ?? '';
  const [listed = Number.NaN, flagged = 0] = (text.match(/\d[\d,]*/g) ?? []).map((n) =>
    Number(n.replace(/,/g, '')),
  );
  return { listed, counted: listed - flagged };
}

export async function totalSales(page: Page): Promise<number> {
  return (await salesCounts(page)).listed;
}

export async function countedSales(page: Page): Promise<number> {
  return (await salesCounts(page)).counted;
}

export async function search(page: Page, text: string): Promise<void> {
  await cardInput(page).fill(text);
  await cardInput(page).press('Enter');
}
