import {
  analysisHeading,
  cardInput,
  countedSales,
  detail,
  salesTable,
  search,
  totalSales,
} from './analysis-page.ts';
import { builtChunk } from './build-manifest.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('sales analysis', () => {
  test('typing a name and picking the suggestion shows the analysis of Charizard', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Historical eBay sales data for 1st edition cards only')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Analyse' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Set: Base Set' })).toBeVisible();

    await cardInput(page).fill('charizard');
    const suggestion = page.getByRole('option', { name: 'Charizard', exact: true });
    await expect(suggestion).toBeVisible();
    await expect(cardInput(page)).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page);
    await suggestion.click();

    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(page).toHaveURL(/\?mode=analyse&set=base_set&card=Charizard&period=all$/);
    await expect(analysisHeading(page)).toHaveText('Charizard');
    await expect(cardInput(page)).toHaveValue('Charizard');
    await expect(detail(page, 'Card Number')).toHaveText('4/102');
    await expect(detail(page, 'Rarity')).toHaveText('Rare Holo');
    await expect(page.getByRole('heading', { name: 'Market Range' })).toBeVisible();
    for (const term of ['Lowest', 'Highest', 'Average']) {
      await expect(detail(page, term)).toHaveText(/^\$[\d,]+\.\d\d$/);
    }
    const position = Number(await page.getByTestId('last-sale-marker').getAttribute('data-position'));
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThanOrEqual(100);
    const priceHistory = page.getByRole('img', {
      name: /^Price history: \d+ sales from \w{3} \d{4} to \w{3} \d{4}; rolling median of PSA 10, PSA 9, PSA 8$/,
    });
    await priceHistory.scrollIntoViewIfNeeded();
    await expect(priceHistory.locator('canvas').first()).toBeVisible();
    await expect(priceHistory).not.toContainText('Loading chart…');

    expect(await totalSales(page)).toBeGreaterThan(0);
    const table = salesTable(page);
    await expect(table.getByRole('columnheader')).toHaveText(['Image', 'Date', 'Price', 'Grade', 'Seller']);
    const rows = table.getByRole('row');
    expect(await rows.count()).toBeGreaterThan(1);
    // The date, with where the sale happened under it when the record says (docs/product.md §11); other
    // tests add sales of their own without a source, so the newest row may have none.
    await expect(rows.nth(1).getByRole('cell').nth(1).locator('time')).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    await expect(
      table
        .getByRole('row')
        .filter({ has: page.locator('time') })
        .getByRole('cell')
        .filter({ hasText: /eBay|Goldin|Heritage|PWCC|Fanatics|MySlabs|Pristine|Other/ })
        .first(),
    ).toBeVisible();
    // The dollar price, and for a sale abroad the price as sold under it.
    await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText(/^\$[\d,]+\.\d\d/);
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  });

  test('an empty search asks for a name; suggestions work by keyboard and close on Escape', async ({
    page,
  }) => {
    await page.goto('/');
    const input = cardInput(page);
    await input.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Enter a card name.');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await input.pressSequentially('blast');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('option', { name: 'Blastoise', exact: true })).toBeVisible();
    await input.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await input.press('ArrowDown');
    await expect(page.getByRole('listbox')).toBeVisible();
    const first = page.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
    await input.press('Enter');
    await expect(analysisHeading(page)).toHaveText('Blastoise');
    await expect(page.getByRole('listbox')).toBeHidden();
  });

  test('period and grade filters narrow the sales and are kept in the URL', async ({ page }) => {
    await page.goto('/?mode=analyse&set=base_set&card=Charizard');
    await expect(analysisHeading(page)).toHaveText('Charizard');
    await expect(page.getByRole('radio', { name: 'All time' })).toBeChecked();
    const allTime = await totalSales(page);

    await page.getByRole('radio', { name: 'Last 30 days' }).click();
    await expect(page).toHaveURL(/period=30d/);
    await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'Updating' })).toHaveCount(0);
    expect(await totalSales(page)).toBeLessThan(allTime);

    await page.getByRole('radio', { name: 'All time' }).click();
    await expect(page).toHaveURL(/period=all/);
    const grade = page.getByRole('combobox', { name: 'Grade' });
    await expect(grade.getByRole('option').first()).toHaveText('All grades');
    const psa9 = grade.getByRole('option', { name: /^PSA 9 \(\d+\)$/ });
    const count = Number((await psa9.textContent())?.match(/\((\d+)\)/)?.[1]);
    await grade.selectOption({ label: (await psa9.textContent()) ?? '' });
    await expect(page).toHaveURL(/grader=PSA&grade=9/);
    await expect.poll(() => countedSales(page)).toBe(count);
    const gradeCells = salesTable(page).getByRole('row').locator('td:nth-child(4)');
    await expect(gradeCells.first()).toHaveText('PSA 9');
    expect(new Set(await gradeCells.allTextContents())).toEqual(new Set(['PSA 9']));

    await page.reload();
    await expect(grade).toHaveValue('PSA|9');
    await expect.poll(() => countedSales(page)).toBe(count);
  });

  test('a thumbnail opens the full-size image; the seller shows its rating; CSV export links the same search', async ({
    page,
  }) => {
    await page.goto('/?mode=analyse&set=base_set&card=Charizard&period=90d');
    await expect(analysisHeading(page)).toHaveText('Charizard');
    const thumbnail = salesTable(page).getByRole('button', {
      name: /^View full-size image: Charizard, sold /,
    });
    await thumbnail.first().click();
    const viewer = page.getByRole('dialog', { name: /^Charizard, sold \w{3} \d{1,2}, \d{4}$/ });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('img')).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(thumbnail.first()).toBeFocused();

    const rating = /^(Seller rating at time of sale: [\d.]+%|Seller rating unknown)$/;
    const seller = (row: number) => salesTable(page).getByRole('row').nth(row).getByRole('button').last();
    await seller(1).focus();
    await expect(page.getByRole('tooltip')).toHaveText(rating);
    await expect(seller(1)).toHaveAccessibleDescription(rating);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await expect(seller(1)).toBeFocused();
    // On to the next row's thumbnail, then its seller.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(seller(2)).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveCount(1);
    await expect(seller(2)).toHaveAccessibleDescription(rating);
    await expect(seller(1)).not.toHaveAccessibleDescription(rating);

    await seller(2).blur();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await seller(3).hover();
    await expect(page.getByRole('tooltip')).toHaveText(rating);
    // The pointer may rest on the tip itself without it closing.
    await page.getByRole('tooltip').hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    const csv = page.getByRole('link', { name: 'Export CSV' });
    await expect(csv).toHaveAttribute(
      'href',
      '/api/sales/analysis.csv?set=base_set&card=Charizard&period=90d',
    );
    await expect(csv).toHaveAttribute('download', '');
    const download = await page.request.get((await csv.getAttribute('href')) ?? '');
    expect(download.ok()).toBe(true);
    expect(download.headers()['content-type']).toContain('text/csv');
  });

  test('Jungle finds the non-holo Scyther, and a card without sales says so', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Set: Base Set' }).click();
    const menu = page.getByRole('menu', { name: 'Set' });
    await expect(menu.getByRole('menuitemradio', { name: 'Base Set' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expectAccessible(page);
    await menu.getByRole('menuitemradio', { name: 'Jungle' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Set: Jungle' })).toBeFocused();

    await search(page, 'scyther NON-HOLO');
    await expect(page).toHaveURL(/set=jungle_set&card=Scyther\+non-holo/);
    await expect(analysisHeading(page)).toHaveText('Scyther non-holo');
    await expect(detail(page, 'Card Number')).toHaveText('26/64');
    await expect(detail(page, 'Rarity')).toHaveText('Rare');

    await search(page, 'mew');
    await expect(page.getByText('No results found for "Mew"')).toBeVisible();
    await expect(salesTable(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  });

  test('the set menu closes on an outside click and on Escape', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Set: Base Set' });
    await trigger.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('menu')).toBeHidden();
    await trigger.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: 'Base Set' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: 'Jungle' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('Back restores the previous search and Clear Results starts over', async ({ page }) => {
    await page.goto('/');
    await search(page, 'charizard');
    await expect(analysisHeading(page)).toHaveText('Charizard');
    await page.getByRole('button', { name: 'Set: Base Set' }).click();
    await page.getByRole('menuitemradio', { name: 'Fossil' }).click();
    await search(page, 'gengar');
    await expect(analysisHeading(page)).toHaveText('Gengar');

    await page.goBack();
    await expect(analysisHeading(page)).toHaveText('Charizard');
    await expect(cardInput(page)).toHaveValue('Charizard');
    await expect(page.getByRole('button', { name: 'Set: Base Set' })).toBeVisible();
    await page.goForward();
    await expect(analysisHeading(page)).toHaveText('Gengar');
    await expect(page.getByRole('button', { name: 'Set: Fossil' })).toBeVisible();

    await page.getByRole('button', { name: 'Clear Results' }).click();
    await expect(page).toHaveURL(/\/\?mode=analyse$/);
    await expect(analysisHeading(page)).toHaveCount(0);
    await expect(cardInput(page)).toHaveValue('');
    await expect(cardInput(page)).toBeFocused();
    await expect(page.getByRole('button', { name: 'Set: Base Set' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear Results' })).toHaveCount(0);
  });

  test('a shared result shows the page heading before the search code arrives, and keeps it when it does', async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${builtChunk('app/routes/home-search.tsx')}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/?mode=analyse&set=base_set&card=Charizard');
    await expect(page.getByRole('heading', { level: 1, name: 'Holoscope' })).toBeVisible();
    const tagline = page.getByText('Graded vintage card prices and the collectors who own them.');
    await expect(tagline).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Analyse' })).toHaveCount(0);
    // The room kept for the results holds the footer where the finished page puts it.
    await expect(page.getByRole('contentinfo')).not.toBeInViewport();
    const shownFirst = await tagline.elementHandle();

    release();
    await expect(analysisHeading(page)).toHaveText('Charizard');
    await expect(page.getByRole('radio', { name: 'Analyse' })).toBeChecked();
    // The same element, not a copy: the page's largest text is painted once.
    expect(await shownFirst?.evaluate((element) => element.isConnected)).toBe(true);
  });

  test('Back from another page returns to the same place in the results', async ({ page }) => {
    await page.goto('/?mode=analyse&set=base_set&card=Charizard');
    await expect(page.getByRole('img', { name: /^Price history/ })).toBeVisible();
    await salesTable(page).scrollIntoViewIfNeeded();
    const position = await page.evaluate(() => window.scrollY);
    expect(position).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'PSA Cert Search' }).click();
    await expect(page).toHaveURL(/\/psa-search$/);
    await page.goBack();
    await expect(salesTable(page)).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(position);
  });

  test('while a search loads the box is disabled; a failure offers to try again', async ({ page }) => {
    let fail = true;
    await page.route('**/api/sales/analysis?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      if (fail) {
        await route.fulfill({
          status: 503,
          json: { error: { code: 'service-unavailable', message: 'Holoscope is temporarily unavailable.' } },
        });
      } else {
        await route.continue();
      }
    });
    await page.goto('/');
    await search(page, 'venusaur');
    await expect(page.getByRole('status').filter({ hasText: 'Loading sales…' })).toBeVisible();
    await expect(cardInput(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(cardInput(page)).not.toBeEditable();
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();

    await expect(page.getByRole('alert')).toContainText('Holoscope is temporarily unavailable.', {
      timeout: 10_000,
    });
    await expect(cardInput(page)).toBeEditable();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(analysisHeading(page)).toHaveText('Venusaur');
  });

  test('Consign lists the three agents and its search shows the sales analysis; Source lists collectors', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('radio', { name: 'Consign' }).click();
    await expect(page).toHaveURL(/\?mode=consign$/);
    await expect(page.getByText('Get the best rates for your card consignment services')).toBeVisible();
    const agents = page
      .getByRole('region', { name: 'Consignment agents' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('heading', { level: 3 }),
      });
    await expect(agents).toHaveCount(3);
    for (const [index, rating] of ['4.9/5', '4.8/5', '4.7/5'].entries()) {
      await expect(agents.nth(index)).toContainText(rating);
    }
    await expect(agents.nth(0)).toContainText('10-15%');

    await search(page, 'blastoise');
    await expect(page).toHaveURL(/mode=consign&set=base_set&card=Blastoise/);
    await expect(analysisHeading(page).filter({ hasText: 'Blastoise' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Market Range' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Consign' })).toBeChecked();

    await page.getByRole('radio', { name: 'Source' }).click();
    await expect(page.getByText('Connect with collectors and make offers on available cards')).toBeVisible();
    await expect(page.getByRole('region', { name: /^Collectors with Blastoise/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Market Range' })).toHaveCount(0);
  });
});
