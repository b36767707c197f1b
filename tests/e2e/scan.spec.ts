import { registerViaApi } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

// Certificates the PSA stand-in answers for (tests/helpers/psa-stand-in.ts).
const GENGAR = '40001001'; // Fossil Gengar 5/62, 1st Edition, PSA MINT 9
const SCYTHER = '40001002'; // Jungle Scyther, 1st Edition, PSA NM-MT 8.5
const UNKNOWN = '40000404';

test.describe('Scan a slab', () => {
  for (const width of [390, 1280]) {
    test(`a typed certificate shows the slab on the page, adds it to the collection in one tap and lists it at ${width} px`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      const user = await registerViaApi(page);
      await page.goto('/');
      await page.getByRole('link', { name: 'Scan a slab' }).click();
      await expect(page).toHaveURL(/\/scan$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Scan a slab' })).toBeVisible();

      await page.getByLabel('PSA certificate number').fill(GENGAR);
      await page.getByRole('button', { name: 'Look up' }).click();
      const slab = page.getByRole('region', { name: 'Fossil Gengar 5/62, 1st Edition' });
      await expect(slab.getByText('PSA MINT 9 · grade 9')).toBeVisible();
      await expect(slab.getByText(/^pop 1,234 · 121 higher, as of /)).toBeVisible();
      await expect(page).toHaveURL(/\/scan$/);

      await page.getByRole('button', { name: 'Add to my collection' }).click();
      await expect(page.getByText(`Added to your collection with certificate ${GENGAR}.`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'In your collection' })).toBeDisabled();
      const collection = await (await page.request.get(`/api/users/${user.id}/collection`)).json();
      expect(collection.cards).toEqual([
        expect.objectContaining({
          setId: 'fossil_set',
          cardNumber: '5/62',
          grade: 9,
          gradingCompany: 'PSA',
          certNumber: GENGAR,
          variant: '1st Edition',
        }),
      ]);

      await page.getByRole('button', { name: 'Watch', exact: true }).click();
      await expect(page.getByText('You will be alerted of new sales of Gengar in PSA 9.')).toBeVisible();
      const watches = await (await page.request.get('/api/watches')).json();
      expect(watches.watches).toEqual([
        expect.objectContaining({ setId: 'fossil_set', grader: 'PSA', grade: 9 }),
      ]);

      const lookups = page.getByRole('region', { name: 'Last lookups' });
      await expect(lookups.getByRole('button')).toHaveText([/^Fossil Gengar 5\/62, 1st Edition/]);
      await expect(lookups.getByRole('button').first()).toContainText(`PSA MINT 9 · cert ${GENGAR}`);
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(fits).toBe(true);
      await expectAccessible(page);

      // The next slab replaces the result; both stay listed, newest first, after the page is left and reopened.
      await page.getByLabel('PSA certificate number').fill(SCYTHER);
      await page.getByRole('button', { name: 'Look up' }).click();
      await expect(page.getByRole('region', { name: /^Jungle Scyther/ })).toBeVisible();
      await expect(
        page.getByText('Collections keep whole grades, so this slab goes in without its grade of 8.5.'),
      ).toBeVisible();
      await page.reload();
      await expect(lookups.getByRole('button')).toHaveText([/^Jungle Scyther/, /^Fossil Gengar/]);
      await lookups.getByRole('button', { name: /^Fossil Gengar/ }).click();
      await expect(slab).toBeVisible();
      await expect(page.getByLabel('PSA certificate number')).toHaveValue(GENGAR);
    });
  }

  test('signed out: the result with a note, a refused number and an unknown certificate explained, at 375 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 780 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Scan a slab' }).click();
    await expect(page).toHaveURL(/\/scan$/);
    // This browser has no camera (tests/e2e/scan-camera.spec.ts gives it one): the page says so.
    await expect(page.getByText('No camera was found: type the certificate number instead.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Scan the label with the camera' })).toHaveCount(0);

    await page.getByLabel('PSA certificate number').fill('12ab');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByLabel('PSA certificate number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter a PSA certificate number: digits only.')).toBeVisible();

    await page.getByLabel('PSA certificate number').fill(UNKNOWN);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('alert')).toHaveText(`PSA has no certificate with the number ${UNKNOWN}.`);
    await expect(page.getByRole('region', { name: 'Last lookups' })).toHaveCount(0);

    await page.getByLabel('PSA certificate number').fill(GENGAR);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('region', { name: 'Fossil Gengar 5/62, 1st Edition' })).toBeVisible();
    await expect(
      page.getByText('Sign in to add this slab to your collection or watch its sales.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to my collection' })).toHaveCount(0);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    await expectAccessible(page);
  });
});
