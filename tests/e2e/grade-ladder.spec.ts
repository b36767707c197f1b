import type { Page } from '@playwright/test';
import { analysisHeading, cardInput, detail, ladderTable, salesTable, totalSales } from './analysis-page.ts';
import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

/** $1,234.50 from cents, as the app writes prices. */
function dollars(cents: number): string {
  const [whole = '0', fraction = '00'] = (cents / 100).toFixed(2).split('.');
  return `$${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}

/**
 * The prices (in cents) of every Charizard PSA 9 sale that counts, read from the CSV export rather than the
 * ladder, and how many the export lists in all: flagged sales are listed but left out of the figures
 * (docs/product.md §11), and the export's last column says which.
 */
async function psa9PricesFromCsv(page: Page): Promise<{ prices: number[]; listed: number }> {
  const response = await page.request.get(
    '/api/sales/analysis.csv?set=base_set&card=Charizard&grader=PSA&grade=9',
  );
  expect(response.status()).toBe(200);
  const lines = (await response.text()).trim().split('\r\n').slice(1);
  const prices = lines
    .filter((line) => line.endsWith(',no'))
    .map((line) => Math.round(Number(line.split(',')[1]) * 100));
  return { prices, listed: lines.length };
}

async function fitsThePhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

test.describe('what a slab is worth', () => {
  test('a new user searches Charizard, reads the ladder and narrows the analysis to PSA 9 @mobile', async ({
    page,
  }) => {
    await page.goto('/');
    await cardInput(page).fill('charizard');
    await page.getByRole('option', { name: 'Charizard', exact: true }).click();
    await expect(analysisHeading(page)).toHaveText('Charizard');

    const ladder = ladderTable(page);
    // On a phone the count of sales moves under the median, so the ladder fits the screen.
    const phone = (page.viewportSize()?.width ?? 0) < 640;
    await expect(ladder.getByRole('columnheader')).toHaveText(
      phone ? ['Grade', 'Median', '90 days', '× next'] : ['Grade', 'Median', 'Sales', '90 days', '× next'],
    );
    // The top of the ladder first; the rest on demand.
    await expect(ladder.getByRole('rowheader')).toHaveCount(6);
    const showAll = page.getByRole('button', { name: /^Show all \d+ grades$/ });
    const total = Number((await showAll.textContent())?.replace(/\D/g, ''));
    await showAll.click();
    await expect(ladder.getByRole('rowheader')).toHaveCount(total);
    await expect(page.getByRole('button', { name: 'Show fewer grades' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const grades = await ladder.getByRole('rowheader').allTextContents();
    // PSA first, each grader's grades high to low.
    expect(grades[0]).toMatch(/^PSA /);
    const psaGrades = grades
      .filter((grade) => grade.startsWith('PSA '))
      .map((grade) => Number(grade.slice(4)));
    expect(psaGrades).toEqual([...psaGrades].sort((a, b) => b - a));
    await fitsThePhone(page);
    // The ladder itself never scrolls sideways.
    expect(
      await ladder.evaluate((table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0)),
    ).toBe(true);

    // The PSA 9 row against the sales themselves: their count and median (the mean of the middle two of an
    // even count), worked out here from the CSV export.
    const fromCsv = await psa9PricesFromCsv(page);
    const prices = fromCsv.prices.sort((a, b) => a - b);
    const middle = prices.length >> 1;
    const median = prices.length % 2 ? prices[middle]! : (prices[middle - 1]! + prices[middle]!) / 2;
    const psa9 = ladder
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'PSA 9', exact: true }) });
    const [medianCell, countCell] = [psa9.getByRole('cell').nth(0), psa9.getByRole('cell').nth(1)];
    await expect(medianCell).toContainText(dollars(Math.round(median)));
    const count = prices.length.toLocaleString('en-US');
    if (phone) await expect(medianCell).toContainText(`${count} sales`);
    else await expect(countCell).toHaveText(count);

    // A click anywhere on the row applies the grade to everything below.
    const pick = psa9.getByRole('button', { name: 'PSA 9' });
    await expect(pick).toHaveAttribute('aria-pressed', 'false');
    // Away from the sticky header, then a click at the row's far end rather than on the grade's name.
    await psa9.evaluate((row) => row.scrollIntoView({ block: 'center' }));
    const box = await psa9.boundingBox();
    await psa9.click({ position: { x: (box?.width ?? 0) - 12, y: (box?.height ?? 0) / 2 } });
    await expect(page).toHaveURL(/grader=PSA&grade=9/);
    await expect(pick).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('combobox', { name: 'Grade' })).toHaveValue('PSA|9');
    await expect(page.getByRole('status').filter({ hasText: 'Updating' })).toHaveCount(0);
    expect(await totalSales(page)).toBe(fromCsv.listed);
    await expect(detail(page, 'Lowest')).toHaveText(dollars(prices[0]!));
    await expect(detail(page, 'Highest')).toHaveText(dollars(prices.at(-1)!));
    const chart = page.getByRole('img', { name: /^Price history: / });
    await expect(chart).toHaveAttribute(
      'aria-label',
      new RegExp(`^Price history: ${prices.length} sales from`),
    );
    const gradeCells = salesTable(page).getByRole('row').locator('td:nth-child(4)');
    await expect(gradeCells.first()).toHaveText('PSA 9');
    expect(new Set(await gradeCells.allTextContents())).toEqual(new Set(['PSA 9']));

    // The slab's estimate, with what it stands on.
    const estimate = page.getByRole('region', { name: 'Estimated value, PSA 9' });
    await expect(estimate).toContainText(/\$[\d,]+\.\d\d/);
    await expect(estimate).toContainText(/80% range\$[\d,]+\.\d\d – \$[\d,]+\.\d\d/);
    await expect(estimate).toContainText(/Based on [\d,]+ sales? in the last|scaled from PSA/);
    await fitsThePhone(page);
    await expectAccessible(page);

    // Picking the row again shows every grade once more.
    await pick.click();
    await expect(page).not.toHaveURL(/grader=/);
    await expect(page.getByRole('combobox', { name: 'Grade' })).toHaveValue('');
    await expect(page.getByRole('region', { name: 'Estimated value, PSA 9' })).toHaveCount(0);
  });

  test('the chart draws a line per top grade, or one over all sales', async ({ page }) => {
    await page.goto('/?mode=analyse&set=base_set&card=Charizard');
    const chart = page.getByRole('img', { name: /^Price history: / });
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(chart).toHaveAttribute('aria-label', /; rolling median of PSA 10, PSA 9, PSA 8$/);
    const legend = page.locator('figcaption').first();
    await expect(legend).toContainText('PSA 10 rolling median');
    await expect(legend).toContainText('Other grades');
    await page.getByRole('radio', { name: 'All sales' }).check();
    await expect(chart).toHaveAttribute(
      'aria-label',
      /^Price history: \d+ sales from \w{3} \d{4} to \w{3} \d{4}$/,
    );
    await expect(legend).toContainText('Rolling median');
    await expect(legend).not.toContainText('PSA 10 rolling median');
  });

  test('an owner sees the value of their collection, and each card its estimate @mobile', async ({
    page,
  }) => {
    const owner = await registerViaApi(page);
    const add = async (body: Record<string, unknown>) => {
      const response = await page.request.post('/api/users/me/collection', {
        data: { list: 'collected', setId: 'base_set', cardName: 'Charizard', ...body },
      });
      expect(response.status(), await response.text()).toBe(201);
    };
    await add({ grade: 9, gradingCompany: 'PSA', variant: '1st Edition' });
    await add({ grade: 9, gradingCompany: 'PSA' });
    await add({});
    const answer = await page.request.get(
      '/api/sales/estimate?set=base_set&card=Charizard&grader=PSA&grade=9',
    );
    const { estimate } = (await answer.json()) as { estimate: number };
    expect(estimate).toBeGreaterThan(0);

    await page.goto('/profile');
    const value = page.getByRole('region', { name: 'Collection value' });
    // Two PSA 9 slabs at the slab's estimate; the ungraded card is not valued.
    await expect(value).toContainText(dollars(Math.round(estimate * 100) * 2));
    await expect(value).toContainText('2 cards valued; 1 not valued');
    await expect(
      value.getByRole('img', { name: /^Collection value at the end of each of the last 52 weeks: / }),
    ).toBeVisible();
    const cards = page.getByRole('list', { name: 'Collected cards' }).getByRole('listitem');
    await expect(cards).toHaveCount(3);
    await expect(cards.filter({ hasText: 'PSA 9' }).first()).toContainText(
      `Est. ${dollars(Math.round(estimate * 100))}`,
    );
    await expect(cards.filter({ hasText: 'PSA 9' }).first()).toContainText(
      /From [\d,]+ sales? in|Scaled from PSA/,
    );
    await fitsThePhone(page);

    // Until the owner shows their collection's value, a visitor sees neither it nor any card's estimate.
    await page.context().clearCookies();
    await page.goto(`/profile/${owner.id}`);
    await expect(
      page.getByRole('list', { name: 'Collected cards' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(page.getByText(/^Est\. /)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Collection value' })).toHaveCount(0);
  });
});
