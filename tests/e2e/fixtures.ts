import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Fails on any serious or critical accessibility violation on the page as it is now. Waits for the
 * finite animations first: axe measures a menu that is still fading in as text of too little contrast.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

/**
 * Every test checks accessibility of each page it lands on (after each navigation settles) and fails on
 * errors the page logs, such as CSP violations.
 */
export const test = base.extend<{ pageChecks: undefined }>({
  pageChecks: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().includes('Failed to load resource'))
          problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await use(undefined);
      if (page.url().startsWith('http')) await expectAccessible(page);
      expect(problems).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
