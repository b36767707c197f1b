import sharp from 'sharp';
import { accountMenu, registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const redSquare = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#dc2626' } })
    .png()
    .toBuffer();

test.describe('profiles', () => {
  test('a collector uploads an avatar and a banner; a second tab shows them without a reload', async ({
    page,
    context,
  }) => {
    const user = await registerViaApi(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible();
    await expect(page.getByText(`Member since ${new Date().getFullYear()}`)).toBeVisible();
    await expect(page.getByText('Japan')).toBeVisible();
    await expectAccessible(page);

    const second = await context.newPage();
    await second.goto(`/profile/${user.id}`);
    const secondAvatar = second.getByRole('img', { name: `Profile picture of ${user.username}` });
    await expect(secondAvatar).toBeVisible();
    await expect(secondAvatar).not.toHaveAttribute('src', /./);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change photo' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: await redSquare() });
    const avatar = page.getByRole('img', { name: `Profile picture of ${user.username}` });
    await expect(avatar).toHaveAttribute('src', /^\/media\/[a-f0-9]{64}$/);
    const src = await avatar.getAttribute('src');
    await expect(secondAvatar).toHaveAttribute('src', src ?? 'missing');

    const bannerChooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change banner' }).click();
    await (await bannerChooser).setFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: await redSquare(),
    });
    await expect(second.locator('section img[src^="/media/"]')).toHaveCount(2);
    await second.close();
  });

  test('a file that is not an image is refused with a clear message', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/profile');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change photo' }).click();
    await (await chooser).setFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('these are my notes, not a picture'),
    });
    await expect(page.getByRole('alert')).toContainText('That file is not an image we can read');
  });

  test("another collector's profile has no upload controls and no email", async ({ page, browser }) => {
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const owner = await registerViaApi(await other.newPage());
    await other.close();

    await page.goto(`/profile/${owner.id}`);
    await expect(page.getByRole('heading', { level: 1, name: owner.username })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change photo' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change banner' })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(owner.email);

    await page.goto('/profile/no-such-collector');
    await expect(page.getByRole('heading', { level: 1, name: 'Collector not found' })).toBeVisible();
  });

  test('a visitor on /profile is asked to sign in', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
  });

  test('Back to Search returns to the search the collector came from', async ({ page }) => {
    const user = await registerViaApi(page);
    const search = '/?mode=analyse&set=jungle_set&card=Scyther';
    await page.goto(search);
    await accountMenu(page, user.username).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole('button', { name: 'Back to Search' }).click();
    await expect(page).toHaveURL(new RegExp(`${search.replace(/[?]/g, '\\?')}$`));
  });
});
