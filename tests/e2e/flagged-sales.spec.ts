import type { Page } from '@playwright/test';
import type { AnalysisResponse } from '#shared/schemas/sales.ts';
import { analysisHeading, salesTable } from './analysis-page.ts';
import { expect, test } from './fixtures.ts';

/** The first page of Charizard's sales (25 a page, newest first) that lists an excluded sale. */
async function pageWithExcludedSale(page: Page): Promise<{ number: number; analysis: AnalysisResponse }> {
  for (let number = 1; number <= 40; number++) {
    const response = await page.request.get(`/api/sales/analysis?set=base_set&card=Charizard&page=${number}`);
    const analysis = (await response.json()) as AnalysisResponse;
    if (analysis.sales.some((sale) => sale.excluded)) return { number, analysis };
    if (analysis.sales.length === 0) break;
  }
  throw new Error('The demo data has no excluded Charizard sale');
}

test.describe('flagged sales', () => {
  test('a new user sees why a sale is left out and counts it back in', async ({ page }) => {
    const { number, analysis } = await pageWithExcludedSale(page);
    const excludedCount = analysis.stats.excludedCount;
    expect(excludedCount).toBeGreaterThan(0);
    const flagged = analysis.sales.find((sale) => sale.excluded)!;

    await page.goto(`/?mode=analyse&set=base_set&card=Charizard&page=${number}`);
    await expect(analysisHeading(page)).toHaveText('Charizard');
    // The excluded sale is listed, muted, with its reason.
    const reasons = salesTable(page).getByRole('list', { name: 'Why this sale is excluded' });
    await expect(reasons.first()).toBeVisible();
    await expect(salesTable(page)).toContainText(flagged.flags[0]!.reason);
    await expect(page.getByText(/buyer’s premium, without\s+shipping/)).toBeVisible();

    const chart = page.getByRole('img', { name: /^Price history: / });
    await expect(chart).toHaveAccessibleName(new RegExp(`^Price history: ${analysis.stats.count} sales `));
    const include = page.getByRole('switch', { name: `Include flagged sales (${excludedCount})` });
    await expect(include).not.toBeChecked();
    await include.check();
    await expect(include).toBeChecked();
    await expect(page).toHaveURL(/flagged=1/);
    // Everything is computed again with the flagged sales counted.
    await expect(chart).toHaveAccessibleName(
      new RegExp(`^Price history: ${analysis.stats.count + excludedCount} sales `),
    );
    await include.uncheck();
    await expect(chart).toHaveAccessibleName(new RegExp(`^Price history: ${analysis.stats.count} sales `));
  });

  test('an admin clears a flag so the sale counts again, and undoes it', async ({ page }) => {
    const login = await page.request.post('/api/auth/login', {
      data: { email: 'admin@holoscope.test', password: 'admin-password-1' },
    });
    expect(login.status()).toBe(200);
    await page.goto('/admin-flags');
    await expect(page.getByRole('heading', { level: 1, name: 'Flagged sales' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'To review' })).toHaveAttribute('aria-selected', 'true');
    const first = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Clear: / }) })
      .first();
    const clear = first.getByRole('button', { name: /^Clear: / });
    const label = (await clear.getAttribute('aria-label')) ?? '';
    await clear.click();
    await expect(page.getByRole('button', { name: label })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Cleared' }).click();
    const undo = page.getByRole('button', { name: label.replace(/^Clear: /, 'Undo: ') });
    await expect(undo).toBeVisible();
    await expect(page.getByText(/^Cleared by /).first()).toBeVisible();
    await undo.click();
    await expect(undo).toHaveCount(0);
    await page.getByRole('tab', { name: 'To review' }).click();
    await expect(page.getByRole('button', { name: label })).toBeVisible();
  });
});
