import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import { insertSales } from '../../../../tests/helpers/sales-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { multipartBody, pngOf } from '../../../../tests/helpers/upload.ts';

let pictures = 0;
/** A picture no other test uploads (its size is its own), so its stored file is this test's alone. */
const freshPicture = () => {
  pictures += 1;
  return pngOf(20 + pictures, 20);
};

describe('replacing a profile picture or banner', () => {
  const t = useTestApp();

  async function upload(user: TestUser, kind: 'avatar' | 'banner', bytes: Buffer): Promise<string> {
    const body = await multipartBody(bytes, { filename: 'picture.png', type: 'image/png' });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/me/${kind}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: user.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const url: string = response.json()[kind === 'avatar' ? 'profileImageUrl' : 'bannerImageUrl'];
    return url.replace('/media/', '');
  }

  const fileOf = (hash: string) =>
    path.join(t.config.dataDir, 'media', hash.slice(0, 2), hash.slice(2, 4), `${hash}.webp`);

  async function isStored(hash: string): Promise<{ file: boolean; row: boolean; served: number }> {
    const row = await t.database.handle.db
      .selectFrom('media')
      .select('hash')
      .where('hash', '=', hash)
      .executeTakeFirst();
    const served = (await t.app.inject(`/media/${hash}`)).statusCode;
    return { file: fs.existsSync(fileOf(hash)), row: row !== undefined, served };
  }
  const kept = { file: true, row: true, served: 200 };
  const gone = { file: false, row: false, served: 404 };

  it.each(['avatar', 'banner'] as const)(
    'deletes the %s it replaces when nothing else uses it',
    async (kind) => {
      const owner = await registerUser(t.app);
      const first = await upload(owner, kind, await freshPicture());
      expect(await isStored(first)).toEqual(kept);
      const second = await upload(owner, kind, await freshPicture());
      expect(await isStored(first)).toEqual(gone);
      expect(await isStored(second)).toEqual(kept);
    },
  );

  it('keeps a replaced picture that another collector uses', async () => {
    const picture = await freshPicture();
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const shared = await upload(owner, 'avatar', picture);
    expect(await upload(other, 'avatar', picture)).toBe(shared);
    await upload(owner, 'avatar', await freshPicture());
    expect(await isStored(shared)).toEqual(kept);
    expect((await t.app.inject(`/api/users/${other.user.id}`)).json().profileImageUrl).toBe(
      `/media/${shared}`,
    );
  });

  it('keeps a replaced picture that is also the same collector’s banner or the other kind', async () => {
    const owner = await registerUser(t.app);
    const avatar = await upload(owner, 'avatar', await freshPicture());
    await t.database.handle.db
      .updateTable('users')
      .set({ banner_image: avatar })
      .where('id', '=', owner.user.id)
      .execute();
    await upload(owner, 'avatar', await freshPicture());
    expect(await isStored(avatar)).toEqual(kept);
  });

  it('keeps a replaced picture that a sale, a deleted sale or a certificate lookup shows', async () => {
    const owner = await registerUser(t.app);
    const forSale = await upload(owner, 'avatar', await freshPicture());
    await insertSales(t.database.handle, [{ image: forSale }]);
    const forDeleted = await upload(owner, 'avatar', await freshPicture());
    const [archived] = await insertSales(t.database.handle, [{ image: forDeleted }]);
    await t.database.handle.db
      .insertInto('deleted_sales')
      .values({ ...archived!, deleted_at: new Date().toISOString(), deleted_by: owner.user.id })
      .execute();
    await t.database.handle.db.deleteFrom('sales').where('id', '=', archived!.id).execute();
    const forCert = await upload(owner, 'avatar', await freshPicture());
    await t.database.handle.db
      .insertInto('cert_lookups')
      .values({
        cert_number: '555',
        payload: '{}',
        images: JSON.stringify([{ isFront: true, url: `/media/${forCert}` }]),
        fetched_at: new Date().toISOString(),
      })
      .execute();
    await upload(owner, 'avatar', await freshPicture());

    for (const hash of [forSale, forDeleted, forCert]) expect(await isStored(hash), hash).toEqual(kept);
  });

  it('keeps the picture when the same one is uploaded again', async () => {
    const owner = await registerUser(t.app);
    const picture = await freshPicture();
    const first = await upload(owner, 'banner', picture);
    expect(await upload(owner, 'banner', picture)).toBe(first);
    expect(await isStored(first)).toEqual(kept);
  });

  it('ends with every picture of collectors replacing theirs at once either shown or removed', async () => {
    const picture = await freshPicture();
    const collectors = await Promise.all([1, 2, 3, 4].map(() => registerUser(t.app)));
    const shared = await upload(collectors[0]!, 'avatar', picture);
    // One moves away from the shared picture while the others take it up.
    await Promise.all([
      upload(collectors[0]!, 'avatar', await freshPicture()),
      ...collectors.slice(1).map((collector) => upload(collector, 'avatar', picture)),
    ]);
    expect(await isStored(shared)).toEqual(kept);
    const { rows } = {
      rows: await t.database.handle.db.selectFrom('users').select('profile_image').execute(),
    };
    for (const { profile_image } of rows) {
      if (profile_image) expect(await isStored(profile_image), profile_image).toEqual(kept);
    }
  });
});
