import { analysisHeading, cardInput, salesTable } from './analysis-page.ts';
import { builtChunk } from './build-manifest.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('sales analysis on a phone', () => {
  test.use({ viewport: { width: 375, height: 780 } });

  test('the price chart downloads and draws only once it is scrolled into view @mobile', async ({ page }) => {
    const chart = builtChunk('features/analysis/components/price-chart.tsx');
    const fetched: string[] = [];
    page.on('response', (response) => fetched.push(new URL(response.url()).pathname));
    await page.goto('/?mode=analyse&set=base_set&card=Charizard');
    await expect(salesTable(page).getByRole('row').nth(1)).toBeAttached();
    const priceHistory = page.getByRole('img', { name: /^Price history: \d+ sales/ });
    await expect(priceHistory).not.toBeInViewport();
    await expect(priceHistory).toContainText('Loading chart…');
    expect(fetched).not.toContain(chart);
    // Measured from the figure itself, at one moment: the demand line above the analysis may still arrive.
    const layout = () =>
      priceHistory.evaluate((figure) => {
        const box = figure.getBoundingClientRect();
        const heading = document.getElementById('sales-heading')?.getBoundingClientRect();
        return { figureHeight: box.height, salesHeadingBelowFigure: (heading?.top ?? 0) - box.top };
      });
    const placeholder = await layout();

    await priceHistory.scrollIntoViewIfNeeded();
    await expect(priceHistory.locator('canvas').first()).toBeVisible();
    await expect(priceHistory).not.toContainText('Loading chart…');
    expect(fetched).toContain(chart);
    // The figure kept its size: nothing below it moved when the drawing arrived.
    expect(await layout()).toEqual(placeholder);
  });

  test('the analysis fits a 375 px screen and each sale shows date, price, grade and seller with rating @mobile', async ({
    page,
  }) => {
    await page.goto('/');
    await cardInput(page).fill('charizard');
    await expect(page.getByRole('option', { name: 'Charizard', exact: true })).toBeVisible();
    await cardInput(page).press('ArrowDown');
    await cardInput(page).press('Enter');
    await expect(analysisHeading(page)).toHaveText('Charizard');
    await expect(page.getByRole('img', { name: /^Price history/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeInViewport();

    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(375);
    const table = page.getByRole('region', { name: 'Sales table' });
    const scrolls = await table.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(scrolls).toBe(false);
    const firstSale = salesTable(page).getByRole('row').nth(1);
    const cells = firstSale.getByRole('cell');
    await expect(cells).toHaveCount(5);
    // The row is below the fold; once scrolled to, every part of it must fit across the screen.
    await firstSale.scrollIntoViewIfNeeded();
    for (const index of [1, 2, 3, 4]) await expect(cells.nth(index)).toBeInViewport({ ratio: 1 });
    await expect(cells.nth(2)).toHaveText(/^\$[\d,]+\.\d\d/);
    await expect(cells.nth(3)).toHaveText(/^(PSA|BGS|CGC|SGC|—)/);
    await expect(cells.nth(4)).toContainText(/Rating (\d+(\.\d+)?%|unknown)/);

    // A tap shows the seller's rating, and a tap elsewhere closes it.
    const seller = salesTable(page).getByRole('row').nth(1).getByRole('button').last();
    await (test.info().project.use.hasTouch ? seller.tap() : seller.click());
    await expect(page.getByRole('tooltip')).toHaveText(/^Seller rating/);
    await expect(page.getByRole('tooltip')).toBeInViewport();
    const heading = page.getByRole('heading', { name: 'Sales', exact: true });
    await (test.info().project.use.hasTouch ? heading.tap() : heading.click());
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    await salesTable(page)
      .getByRole('button', { name: /^View full-size image/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByRole('radio', { name: 'Consign' }).click();
    await expect(page.getByRole('heading', { name: 'Vintage Vault Consignments' })).toBeVisible();
    await expect(analysisHeading(page).filter({ hasText: 'Charizard' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
