import type { Page } from '@playwright/test';
import type { AnalysisResponse } from '#shared/schemas/sales.ts';
import type { SlabEstimate } from '#shared/schemas/valuation.ts';
import { analysisHeading, detail } from './analysis-page.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

// Written out here rather than with the app's own formatting, so a wrong figure cannot agree with itself.
const dollars = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const fromAverage = (percent: number) =>
  percent === 0
    ? 'at the average'
    : `${Math.abs(percent).toFixed(2)}% ${percent > 0 ? 'above' : 'below'} average`;
/** 75 % of a value, in whole cents. */
const advanceOf = (value: number) => Math.round(value * 100 * 0.75) / 100;

async function analysisOf(page: Page, query: string): Promise<AnalysisResponse> {
  const response = await page.request.get(`/api/sales/analysis?${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as AnalysisResponse;
}

/** What the Market Range's Total Volume and Latest Sale show. */
async function expectSummary(page: Page, stats: AnalysisResponse['stats']): Promise<void> {
  const range = page.getByRole('region', { name: 'Market Range' });
  await expect(range.locator('dl > div').filter({ hasText: 'Total Volume' }).locator('dd')).toHaveText(
    dollars(stats.totalVolume),
  );
  const latest = range.locator('dl > div').filter({ hasText: 'Latest Sale' }).locator('dd');
  await expect(latest).toHaveText([
    dollars(stats.lastSale),
    `${day(stats.lastSaleDate ?? '')} · ${fromAverage(stats.percentFromAverage)}`,
  ]);
}

test.describe('the market summary at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('Total Volume and Latest Sale follow the period, the grade filter and the flagged switch', async ({
    page,
  }) => {
    const all = await analysisOf(page, 'set=base_set&card=Charizard');
    expect(all.stats.excludedCount).toBeGreaterThan(0);
    await page.goto('/?mode=analyse&set=base_set&card=Charizard');
    await expect(analysisHeading(page)).toHaveText('Charizard');
    await expectSummary(page, all.stats);
    await expectAccessible(page);

    const flagged = await analysisOf(page, 'set=base_set&card=Charizard&includeFlagged=true');
    const include = page.getByRole('switch', { name: /^Include flagged sales/ });
    await include.check();
    await expect(page).toHaveURL(/flagged=1/);
    await expectSummary(page, flagged.stats);
    await include.uncheck();
    await expect(page).not.toHaveURL(/flagged=1/);
    await expectSummary(page, all.stats);

    const recent = await analysisOf(page, 'set=base_set&card=Charizard&period=90d');
    await page.getByRole('radio', { name: 'Last 90 days' }).click();
    await expect(page).toHaveURL(/period=90d/);
    await expectSummary(page, recent.stats);

    const grade = all.gradeOptions[0]!;
    const oneGrade = await analysisOf(
      page,
      `set=base_set&card=Charizard&period=90d&grader=${grade.grader}&grade=${grade.grade}`,
    );
    await page.goto(
      `/?mode=analyse&set=base_set&card=Charizard&period=90d&grader=${grade.grader}&grade=${grade.grade}`,
    );
    await expectSummary(page, oneGrade.stats);
  });

  test("Quick Advance opens the card advances page with the card's value in the calculator", async ({
    page,
  }) => {
    const { stats } = await analysisOf(page, 'set=base_set&card=Charizard');
    expect(stats.median).toBeGreaterThanOrEqual(300);
    await page.goto('/?mode=analyse&set=base_set&card=Charizard');
    const link = page.getByRole('link', { name: /^Quick Advance/ });
    await expect(link).toHaveAccessibleName(`Quick Advance up to ${dollars(advanceOf(stats.median))}`);
    await link.click();

    await expect(page).toHaveURL(/\/card-advances\?value=[\d.]+#advance$/);
    await expect(page.locator('#advance').getByRole('heading', { level: 1 })).toBeInViewport();
    await expect(page.locator('#advance')).toContainText(
      `Your card is valued at ${dollars(stats.median)} from its recorded sales: an advance of up to ${dollars(advanceOf(stats.median))}.`,
    );
    const calculator = page.getByLabel('Market value of your card (US dollars)');
    expect(Number(await calculator.inputValue())).toBe(stats.median);
    await expect(page.getByRole('table', { name: /^Cash from a card worth/ })).toContainText(
      dollars(advanceOf(stats.median)),
    );
    await expectAccessible(page);
  });

  test("with a slab chosen, Quick Advance carries the slab's estimate", async ({ page }) => {
    const { gradeOptions } = await analysisOf(page, 'set=base_set&card=Charizard');
    let chosen: { grader: string; grade: number; estimate: number } | undefined;
    for (const option of gradeOptions) {
      const response = await page.request.get(
        `/api/sales/estimate?set=base_set&card=Charizard&grader=${option.grader}&grade=${option.grade}`,
      );
      const { estimate } = (await response.json()) as SlabEstimate;
      if (estimate !== null && estimate >= 300) {
        chosen = { grader: option.grader, grade: option.grade, estimate };
        break;
      }
    }
    if (!chosen) throw new Error('The demo data has no Charizard slab estimated at $300 or more');
    await page.goto(
      `/?mode=analyse&set=base_set&card=Charizard&grader=${chosen.grader}&grade=${chosen.grade}`,
    );
    await expect(
      page.getByRole('heading', { name: `Estimated value, ${chosen.grader} ${chosen.grade}` }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /^Quick Advance/ })).toHaveAccessibleName(
      `Quick Advance up to ${dollars(advanceOf(chosen.estimate))}`,
    );
    await page.getByRole('link', { name: /^Quick Advance/ }).click();
    const calculator = page.getByLabel('Market value of your card (US dollars)');
    expect(Number(await calculator.inputValue())).toBe(chosen.estimate);
  });

  test('a card whose value is under $300 has no Quick Advance', async ({ page }) => {
    let cheap: { set: string; card: string } | undefined;
    for (const [set, card] of [
      ['base_set', 'Potion'],
      ['base_set', 'Energy Removal'],
      ['base_set', 'Bill'],
      ['jungle_set', 'Bellsprout'],
      ['fossil_set', 'Shellder'],
    ] as const) {
      const { stats } = await analysisOf(page, `set=${set}&card=${encodeURIComponent(card)}`);
      if (stats.count > 0 && stats.median < 300) {
        cheap = { set, card };
        break;
      }
    }
    if (!cheap) throw new Error('The demo data has no card with a median under $300');
    await page.goto(`/?mode=analyse&set=${cheap.set}&card=${encodeURIComponent(cheap.card)}`);
    await expect(detail(page, 'Card Number')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Market Range' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Quick Advance/ })).toHaveCount(0);
  });
});

test.describe('Quick Advance at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows on a phone and lands on the hero with the value @mobile', async ({ page }) => {
    const { stats } = await analysisOf(page, 'set=base_set&card=Charizard');
    await page.goto('/?mode=analyse&set=base_set&card=Charizard');
    const link = page.getByRole('link', { name: /^Quick Advance/ });
    await expect(link).toBeInViewport();
    await expectAccessible(page);
    await link.click();
    await expect(page.locator('#advance').getByRole('heading', { level: 1 })).toBeInViewport();
    await expect(page.locator('#advance')).toContainText(`Your card is valued at ${dollars(stats.median)}`);
    const bodyWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(bodyWidth).toBeLessThanOrEqual(390);
  });
});
