import sharp from 'sharp';
import { accountMenu, registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const redSquare = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#dc2626' } })
    .png()
    .toBuffer();

/** A collected card's estimate line ("Est. $388.60"). */
const ESTIMATE = /^Est\. \$[\d,]+\.\d\d$/;

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

  test("a collection's value stays the owner's until they show it with the keyboard", async ({
    page,
    browser,
  }) => {
    // Two browsers, an owner and a visitor, each loading the profile three times.
    test.slow();
    const owner = await registerViaApi(page);
    const added = await page.request.post('/api/users/me/collection', {
      data: {
        list: 'collected',
        setId: 'jungle_set',
        cardName: 'Snorlax',
        cardNumber: '11/64',
        grade: 9,
        gradingCompany: 'PSA',
        variant: '1st Edition',
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    const visitorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const visitor = await visitorContext.newPage();
    const visitorSees = async (shown: boolean) => {
      await visitor.goto(`/profile/${owner.id}`);
      await expect(visitor.getByRole('heading', { level: 1, name: owner.username })).toBeVisible();
      await expect(visitor.getByRole('heading', { level: 3, name: 'Snorlax' })).toBeVisible();
      await expect(visitor.getByRole('heading', { name: 'Collection value' })).toHaveCount(shown ? 1 : 0);
      await expect(visitor.getByText(ESTIMATE)).toHaveCount(shown ? 1 : 0);
    };

    await page.goto('/profile');
    const value = page.getByRole('region', { name: 'Collection value' });
    const toggle = value.getByRole('switch', { name: 'Show my collection’s value' });
    await expect(toggle).not.toBeChecked();
    await expect(value.getByText('Only you see this value and each card’s estimate.')).toBeVisible();
    await expect(page.getByText(ESTIMATE)).toBeVisible();
    await visitorSees(false);

    // Tab reaches the switch and Space turns it on, as for any control.
    await page.getByRole('heading', { name: 'Collection value' }).click();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(toggle).toBeChecked();
    await expect(
      value.getByText('Everyone who opens your profile sees this value and each card’s estimate.'),
    ).toBeVisible();
    await visitorSees(true);
    await expectAccessible(visitor);

    await page.reload();
    await expect(toggle).toBeChecked();
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).not.toBeChecked();
    await expect(value.getByText('Only you see this value and each card’s estimate.')).toBeVisible();
    await visitorSees(false);
    await visitorContext.close();
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
