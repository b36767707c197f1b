import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const square = (background: string) =>
  sharp({ create: { width: 300, height: 300, channels: 3, background } })
    .png()
    .toBuffer();

async function upload(page: Page, button: string, name: string, background: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: await square(background) });
}

/**
 * The avatar overlaps the banner's lower edge and is painted over it: the topmost element at points across
 * its upper part (inside the circle) is the avatar itself, not the banner behind it.
 */
async function expectAvatarOverBanner(page: Page, avatar: Locator): Promise<void> {
  await expect(avatar).toBeVisible();
  const box = await avatar.boundingBox();
  const banner = await page.locator('#profile-name').evaluate((heading) => {
    const rect = heading.closest('section')?.firstElementChild?.getBoundingClientRect();
    return rect ? { top: rect.top, bottom: rect.bottom } : null;
  });
  if (!box || !banner) throw new Error('The profile has no avatar or banner');
  expect(box.y).toBeLessThan(banner.bottom);
  expect(box.y).toBeGreaterThan(banner.top);

  const centreX = box.x + box.width / 2;
  const points = [
    { x: centreX, y: box.y + 4 },
    { x: centreX, y: box.y + box.height / 6 },
    { x: centreX, y: box.y + box.height / 3 },
    { x: box.x + box.width * 0.3, y: box.y + box.height * 0.2 },
    { x: box.x + box.width * 0.7, y: box.y + box.height * 0.2 },
  ];
  const onTop = await avatar.evaluate(
    (element, at) => at.map(({ x, y }) => element.contains(document.elementFromPoint(x, y))),
    points,
  );
  expect(onTop).toEqual(points.map(() => true));
}

for (const width of [390, 1280]) {
  test.describe(`the profile's avatar at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("sits whole on the banner's edge without uploaded images, for the owner and a visitor @mobile", async ({
      page,
      browser,
    }) => {
      const user = await registerViaApi(page);
      await page.goto('/profile');
      await expectAvatarOverBanner(
        page,
        page.getByRole('img', { name: `Profile picture of ${user.username}` }),
      );

      const visitor = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport: { width, height: 900 },
      });
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`/profile/${user.id}`);
      await expectAvatarOverBanner(
        visitorPage,
        visitorPage.getByRole('img', { name: `Profile picture of ${user.username}` }),
      );
      await expectAccessible(visitorPage);
      await visitor.close();
    });

    test("sits whole on the banner's edge with an uploaded banner and avatar @mobile", async ({ page }) => {
      const user = await registerViaApi(page);
      await page.goto('/profile');
      const avatar = page.getByRole('img', { name: `Profile picture of ${user.username}` });
      await upload(page, 'Change banner', 'banner.png', '#1d4ed8');
      await expect(page.locator('section img[src^="/media/"]')).toHaveCount(1);
      await upload(page, 'Change photo', 'me.png', '#dc2626');
      await expect(avatar).toHaveAttribute('src', /^\/media\/[a-f0-9]{64}$/);
      await expectAvatarOverBanner(page, avatar);
    });
  });
}
