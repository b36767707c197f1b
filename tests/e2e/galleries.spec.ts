import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';

interface Entry {
  name: string;
  number: string;
  category: string;
}

/** The catalogue files themselves, read independently of the app, are what the counts must match. */
function catalogue(file: string): Entry[] {
  return JSON.parse(fs.readFileSync(path.resolve('data/catalogue', file), 'utf8')).cards;
}

const LABELS: Record<string, string> = {
  holo: 'Holos',
  holo_rare: 'Holos',
  rare: 'Rares',
  uncommon: 'Uncommons',
  common: 'Commons',
  trainer: 'Trainers',
  energy: 'Energy',
};

function expectedCounts(entries: Entry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const label = LABELS[entry.category.toLowerCase()]!;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return counts;
}

const GALLERIES = [
  { slug: 'base-set', title: 'Base Set', file: 'base_set.json' },
  { slug: 'jungle-set', title: 'Jungle', file: 'jungle_set.json' },
  { slug: 'fossil-set', title: 'Fossil', file: 'fossil_set.json' },
];

test.describe('card set galleries', () => {
  for (const gallery of GALLERIES) {
    test(`${gallery.title} shows every card with counts that match the catalogue`, async ({ page }) => {
      const entries = catalogue(gallery.file).filter((entry) => !/red cheeks/i.test(entry.name));
      await page.goto(`/card-sets/${gallery.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: gallery.title })).toBeVisible();

      const counts = page.getByRole('list', { name: 'Card counts' });
      await expect(counts.getByText(`Total: ${entries.length}`, { exact: true })).toBeVisible();
      for (const [label, count] of expectedCounts(entries)) {
        await expect(counts.getByText(`${label}: ${count}`, { exact: true })).toBeVisible();
      }
      await expect(counts.getByText(/^Energy:/)).toHaveCount(gallery.slug === 'base-set' ? 1 : 0);

      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(entries.length);
      const first = entries[0]!;
      const tile = cards.first();
      await expect(tile.getByRole('heading', { name: first.name })).toBeVisible();
      await expect(tile.getByText(first.number, { exact: true })).toBeVisible();
      const image = tile.getByRole('img');
      await expect(image).toHaveAttribute('loading', 'lazy');
      await expect(image).toHaveAttribute('width', '245');
      await expect(image).toHaveAttribute('height', '342');
    });
  }

  test('the Base Set gallery leaves out Pikachu Red Cheeks', async ({ page }) => {
    await page.goto('/card-sets/base-set');
    await expect(page.getByRole('heading', { name: 'Pikachu', exact: true })).toHaveCount(1);
    await expect(page.getByText(/red cheeks/i)).toHaveCount(0);
    await expect(page.getByText('103/102')).toHaveCount(0);
  });

  test("a card's links open its sales analysis and its collectors", async ({ page }) => {
    await page.goto('/card-sets/base-set');
    await page.getByRole('link', { name: 'Sales of Charizard 4/102' }).click();
    await expect(page).toHaveURL(/\/\?mode=analyse&set=base_set&card=Charizard$/);

    await page.goto('/card-sets/jungle-set');
    await page.getByRole('link', { name: 'Collectors with Scyther 26/64' }).click();
    await expect(page).toHaveURL(/\/\?mode=source&set=jungle_set&card=Scyther\+non-holo$/);
  });

  test('filters by rarity and keeps the choice in the address', async ({ page }) => {
    await page.goto('/card-sets/fossil-set');
    await page.getByLabel('Show').selectOption({ label: 'Trainers' });
    await expect(page).toHaveURL(/rarity=trainer/);
    await expect(page.getByRole('article')).toHaveCount(5);
    await expect(page.getByText('Showing 5 of 62')).toBeVisible();
  });

  test('the gallery fits a 375 px screen @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 780 });
    await page.goto('/card-sets/base-set');
    await expect(page.getByRole('article').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
