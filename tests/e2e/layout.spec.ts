import type { Page } from '@playwright/test';
import type { SalesByDayResponse } from '#shared/schemas/admin.ts';
import type { FlagQueueResponse } from '#shared/schemas/flags.ts';
import type { AnalysisResponse } from '#shared/schemas/sales.ts';
import type { CollectionValueResponse } from '#shared/schemas/valuation.ts';
import { salesTable } from './analysis-page.ts';
import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const ADMIN = { email: 'admin@holoscope.test', password: 'admin-password-1' };
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

async function signInAsAdmin(page: Page) {
  expect((await page.request.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
}

/** WCAG contrast of white text on the pixel of a card's generated art at (x, y). */
function contrastOnArt(page: Page, cardId: string, x: number, y: number): Promise<number> {
  return page.evaluate(
    async ({ cardId, x, y }) => {
      const image = new Image();
      image.src = `/card-images/${cardId}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 245;
      canvas.height = 342;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0, 245, 342);
      const [r, g, b] = context.getImageData(x, y, 1, 1).data;
      const linear = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      const luminance = 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
      return 1.05 / (luminance + 0.05);
    },
    { cardId, x, y },
  );
}

test.describe('galleries at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every card shows Collectors whole, and the card art’s text reads at 4.5:1', async ({ page }) => {
    await page.goto('/card-sets/base-set');
    const tiles = page.getByRole('article');
    await expect(tiles.first()).toBeVisible();
    for (let index = 0; index < 4; index++) {
      const tile = tiles.nth(index);
      const collectors = tile.getByRole('link', { name: /^Collectors with / });
      const [outer, inner] = [await tile.boundingBox(), await collectors.boundingBox()];
      expect(inner!.x).toBeGreaterThanOrEqual(outer!.x);
      expect(inner!.x + inner!.width).toBeLessThanOrEqual(outer!.x + outer!.width);
      expect(await collectors.evaluate((link) => link.scrollWidth <= link.clientWidth)).toBe(true);
    }
    // Zapdos is Lightning (yellow), Chansey Colorless (grey): beside the name and beside the set's name.
    for (const cardId of ['base_set-16', 'base_set-3']) {
      expect(await contrastOnArt(page, cardId, 226, 22)).toBeGreaterThanOrEqual(4.5);
      expect(await contrastOnArt(page, cardId, 226, 222)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

test.describe('Consign at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the agents sit under the search and the analysis starts on the first screen', async ({ page }) => {
    await page.goto('/?mode=consign&set=base_set&card=Charizard');
    await expect(page.getByRole('heading', { name: 'Consignment agents' })).toBeVisible();
    const agents = page
      .getByRole('list')
      .filter({ has: page.getByRole('heading', { level: 3 }) })
      .first();
    await expect(
      agents.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }),
    ).toHaveCount(3);
    await expect(page.getByRole('heading', { level: 2, name: 'Charizard' })).toBeInViewport();
  });
});

test.describe('the analysis counts at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('with PSA 9 chosen, the ladder, the grade filter and the chart count the same sales', async ({
    page,
  }) => {
    const response = await page.request.get(
      '/api/sales/analysis?set=base_set&card=Charizard&grader=PSA&grade=9&pageSize=100',
    );
    const analysis = (await response.json()) as AnalysisResponse;
    const counted = analysis.stats.count;
    await page.goto('/?mode=analyse&set=base_set&card=Charizard&grader=PSA&grade=9');
    const row = page.getByRole('table', { name: /^Grade ladder of / }).getByRole('row', { name: /^PSA 9 / });
    await expect(row.getByRole('cell').nth(1)).toHaveText(counted.toLocaleString('en-US'));
    await expect(page.getByRole('combobox', { name: 'Grade' })).toContainText(
      `PSA 9 (${counted.toLocaleString('en-US')})`,
    );
    await expect(page.getByRole('img', { name: /^Price history: / })).toHaveAccessibleName(
      new RegExp(`^Price history: ${counted.toLocaleString('en-US')} sales`),
    );
    const excluded = analysis.stats.excludedCount;
    await expect(page.getByText(/^Total Sales:/)).toHaveText(
      excluded > 0
        ? `Total Sales: ${analysis.total.toLocaleString('en-US')}, ${excluded.toLocaleString('en-US')} of them flagged and left out of the figures`
        : `Total Sales: ${analysis.total.toLocaleString('en-US')}`,
    );
    expect(analysis.total).toBe(counted + excluded);
    await expect(page.getByRole('region', { name: 'Market Range' })).toContainText('Median');
    await expect(page.getByRole('region', { name: 'Market Range' })).toContainText(
      `$${analysis.stats.median.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
  });
});

test.describe('flag chips on a phone', () => {
  test.use({ viewport: { width: 375, height: 780 } });

  test('a chip holds a short label on one line and the full reason reads beside it', async ({ page }) => {
    let number = 1;
    for (; number <= 40; number++) {
      const answer = await page.request.get(`/api/sales/analysis?set=base_set&card=Charizard&page=${number}`);
      if (((await answer.json()) as AnalysisResponse).sales.some((sale) => sale.excluded)) break;
    }
    await page.goto(`/?mode=analyse&set=base_set&card=Charizard&page=${number}`);
    const reasons = salesTable(page).getByRole('list', { name: 'Why this sale is excluded' }).first();
    await reasons.scrollIntoViewIfNeeded();
    const flag = reasons.getByRole('listitem').first();
    const chip = flag.locator('span').first();
    await expect(chip).toHaveText(/^(Unusually high|Unusually low|Probable duplicate|Title|Best Offer):$/);
    const label = ((await chip.textContent()) ?? '').trim();
    const chipBox = await chip.boundingBox();
    expect(chipBox!.height).toBeLessThan(30);
    const reason = flag.locator('span').last();
    expect(((await reason.textContent()) ?? '').startsWith(`${label}:`)).toBe(false);
    const reasonBox = await reason.boundingBox();
    expect(reasonBox!.x + reasonBox!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('the admin’s pages', () => {
  test('share one content width and left edge at 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsAdmin(page);
    const edges: number[] = [];
    for (const path of ['/admin-database', '/admin-flags', '/admin-feeds']) {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      edges.push((await heading.boundingBox())!.x);
    }
    expect(new Set(edges).size).toBe(1);
  });

  test('the flag queue counts a single flag as “1 flag”', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsAdmin(page);
    const queue = async (status: string) => {
      const flags: FlagQueueResponse['flags'] = [];
      for (let number = 1; ; number++) {
        const answer = (await (
          await page.request.get(`/api/admin/flags?status=${status}&page=${number}`)
        ).json()) as FlagQueueResponse;
        flags.push(...answer.flags);
        if (flags.length >= answer.total || answer.flags.length === 0) return flags;
      }
    };
    const decide = async (flag: FlagQueueResponse['flags'][number], decision: string) => {
      const path = `/api/admin/flags/${encodeURIComponent(flag.saleId)}/${encodeURIComponent(flag.code)}/${decision}`;
      expect((await page.request.post(path)).status()).toBe(200);
    };
    // Exactly one confirmed flag: confirm one to review, or reopen all confirmed but one; undone at the end.
    const confirmed = await queue('confirmed');
    const [first] = await queue('open');
    const confirmedHere = confirmed.length === 0 ? first! : null;
    const reopened = confirmed.slice(1);
    if (confirmedHere) await decide(confirmedHere, 'confirm');
    for (const flag of reopened) await decide(flag, 'reopen');
    try {
      await page.goto('/admin-flags');
      await page.getByRole('tab', { name: 'Confirmed' }).click();
      await expect(page.getByText(/^[\d,]+ flags?$/)).toHaveText('1 flag');
    } finally {
      if (confirmedHere) await decide(confirmedHere, 'reopen');
      for (const flag of reopened) await decide(flag, 'confirm');
    }
  });

  test('on a phone a flag to review shows a one-line chip, its whole title and its buttons', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(page);
    const queue = (await (
      await page.request.get('/api/admin/flags?status=open')
    ).json()) as FlagQueueResponse;
    const flag = queue.flags.find((each) => each.title)!;
    await page.goto('/admin-flags');
    const item = page
      .getByRole('listitem')
      .filter({ hasText: `“${flag.title}”` })
      .first();
    await item.scrollIntoViewIfNeeded();
    const chip = item.locator('span.rounded-full');
    await expect(chip).toHaveText(/^(Unusually high|Unusually low|Probable duplicate|Title|Best Offer):$/);
    expect((await chip.boundingBox())!.height).toBeLessThan(30);
    const title = item.getByText(`“${flag.title}”`, { exact: true });
    expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    for (const name of ['Confirm', 'Clear']) {
      await expect(item.getByRole('button', { name: new RegExp(`^${name}: `) })).toBeInViewport({ ratio: 1 });
    }
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  });

  test('at 1280 px the day panels show every sale’s grade and seller whole', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsAdmin(page);
    await page.goto('/admin-database');
    for (const [set, name] of [
      ['base_set', 'Base Set'],
      ['jungle_set', 'Jungle'],
      ['fossil_set', 'Fossil'],
    ]) {
      const day = (await (
        await page.request.get(`/api/admin/sales/by-day?set=${set}&offset=1`)
      ).json()) as SalesByDayResponse;
      const panel = page.getByRole('region', { name, exact: true });
      for (const sale of day.sales.slice(0, 6)) {
        const row = panel.getByRole('listitem').filter({
          has: page.getByRole('checkbox', {
            name: `Select ${sale.cardName}, ${sale.price.toLocaleString('en-US', { style: 'currency', currency: 'USD' })}, sold by ${sale.seller}`,
            exact: true,
          }),
        });
        const grade =
          sale.grader && sale.grade !== null ? `${sale.grader} ${sale.grade}` : (sale.grader ?? 'Ungraded');
        // Whole: the grade on one line, the seller's full name in the row, nothing cut off with an ellipsis.
        const gradeText = row.first().getByText(grade, { exact: true });
        await expect(gradeText).toBeVisible();
        expect((await gradeText.boundingBox())!.height).toBeLessThan(20);
        await expect(row.first()).toContainText(`· ${sale.seller}`);
        expect(
          await row
            .first()
            .evaluate((item) =>
              [...item.querySelectorAll('span')].some((span) => span.scrollWidth > span.clientWidth),
            ),
        ).toBe(false);
      }
    }
  });

  test('on a phone every tab shows whole, and the search states its cap at the top', async ({ page }) => {
    // A search of 500 rows, and the accessibility check of all of them.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(page);
    await page.goto('/admin-database');
    for (const name of ['Sales', 'Recently deleted', 'Import', 'Inquiries']) {
      const tab = page.getByRole('tab', { name });
      await expect(tab).toBeInViewport({ ratio: 1 });
      expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      // Its icon keeps its size beside a long name.
      expect((await tab.locator('svg').boundingBox())!.width).toBe(16);
    }
    const cardName = page.getByRole('combobox', { name: 'Card name' });
    await cardName.fill('Charizard');
    await cardName.press('Enter');
    const results = page.getByRole('region', { name: 'Charizard' });
    await expect(results).toBeVisible();
    const table = page.getByRole('region', { name: 'Sales to curate' });
    await expect(table).toBeVisible();
    expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const total = Number(
      (
        ((await results.getByText(/· [\d,]+ sales?$/).textContent()) ?? '').match(/([\d,]+) sales?$/)?.[1] ??
        '0'
      ).replace(/,/g, ''),
    );
    if (total > 500) {
      const cap = results.getByRole('status');
      await expect(cap).toHaveText(
        `Showing the newest 500 of ${total.toLocaleString('en-US')} sales. Choose a shorter period above to narrow the list.`,
      );
      expect((await cap.boundingBox())!.y).toBeLessThan((await table.boundingBox())!.y);
    }
    const firstSale = table.getByRole('row').nth(1).getByRole('cell');
    for (const index of [2, 3, 4, 5]) await expect(firstSale.nth(index)).toBeInViewport({ ratio: 1 });
    await expectAccessible(page);
  });
});

/** How many pixels of the value chart's canvas, left of and below its plot, are drawn as dark as axis text. */
function axisInk(page: Page, side: 'left' | 'below') {
  return page
    .getByRole('region', { name: 'Collection value' })
    .getByRole('img')
    .evaluate((figure, side) => {
      const canvas = figure.querySelector('canvas')!;
      const plot = figure.querySelector('.u-over')!.getBoundingClientRect();
      const box = canvas.getBoundingClientRect();
      const scale = canvas.width / box.width;
      const [x, y, width, height] =
        side === 'left'
          ? [0, plot.top - box.top, plot.left - box.left - 4, plot.height]
          : [plot.left - box.left, plot.bottom - box.top + 4, plot.width, box.bottom - plot.bottom - 4];
      const pixels = canvas
        .getContext('2d')!
        .getImageData(x * scale, y * scale, width * scale, height * scale).data;
      let dark = 0;
      for (let index = 0; index < pixels.length; index += 4) {
        if (pixels[index + 3]! > 200 && pixels[index]! < 140) dark++;
      }
      return dark;
    }, side);
}

for (const { width, pointer } of [
  { width: 390, pointer: 'tap' },
  { width: 1280, pointer: 'hover' },
] as const) {
  test.describe(`the collection value chart at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, hasTouch: pointer === 'tap', isMobile: pointer === 'tap' });

    test(`has dollar and date axes and reads out the week under a ${pointer}`, async ({ page }) => {
      const owner = await registerViaApi(page);
      for (const grade of [9, 10]) {
        const response = await page.request.post('/api/users/me/collection', {
          data: {
            list: 'collected',
            setId: 'base_set',
            cardName: 'Charizard',
            grade,
            gradingCompany: 'PSA',
            variant: '1st Edition',
          },
        });
        expect(response.status(), await response.text()).toBe(201);
      }
      const { history } = (await (
        await page.request.get(`/api/users/${owner.id}/collection/value`)
      ).json()) as CollectionValueResponse;
      const readout = (week: CollectionValueResponse['history'][number]) =>
        `${dayFormat.format(new Date(week.date))}: ${week.total.toLocaleString('en-US', { style: 'currency', currency: 'USD' })}`;

      await page.goto('/profile');
      const chart = page.getByRole('region', { name: 'Collection value' }).getByRole('img');
      await chart.scrollIntoViewIfNeeded();
      await expect(chart.locator('canvas')).toBeVisible();
      expect(await axisInk(page, 'left')).toBeGreaterThan(20);
      expect(await axisInk(page, 'below')).toBeGreaterThan(20);

      const plot = (await chart.locator('.u-over').boundingBox())!;
      const caption = page.getByRole('region', { name: 'Collection value' }).locator('figcaption');
      for (const [x, week] of [
        [plot.x + plot.width - 1, history.at(-1)!],
        [plot.x + 1, history[0]!],
      ] as const) {
        const y = plot.y + plot.height / 2;
        await (pointer === 'tap' ? page.touchscreen.tap(x, y) : page.mouse.move(x, y));
        await expect(caption).toHaveText(readout(week));
      }
      await expectAccessible(page);
    });
  });
}
