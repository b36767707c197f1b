import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/errors.ts';
import { registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { hugePngHeader, multipartBody, pngOf } from '../../../../tests/helpers/upload.ts';

describe('profiles API', () => {
  const t = useTestApp();

  const upload = async (
    user: TestUser | undefined,
    kind: 'avatar' | 'banner',
    bytes: Buffer,
    filename = 'picture.png',
    type = 'image/png',
  ) => {
    const body = await multipartBody(bytes, { filename, type });
    return t.app.inject({
      method: 'PUT',
      url: `/api/users/me/${kind}`,
      payload: body.payload,
      headers: { ...body.headers, ...(user ? { cookie: user.cookie } : {}) },
    });
  };

  it('shows a public profile without the email, to anyone', async () => {
    const owner = await registerUser(t.app, { country: 'Japan', countryCode: 'JP' });
    const other = await registerUser(t.app);
    for (const cookie of [undefined, other.cookie, owner.cookie]) {
      const response = await t.app.inject({
        url: `/api/users/${owner.user.id}`,
        ...(cookie ? { headers: { cookie } } : {}),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: owner.user.id,
        username: owner.user.username,
        country: 'Japan',
        countryCode: 'JP',
        memberSince: new Date().getUTCFullYear(),
        profileImageUrl: null,
        bannerImageUrl: null,
        showCollectionValue: false,
        reputation: { average: null, count: 0, completedDeals: 0 },
        ratings: [],
        blockedByYou: false,
      });
      expect(response.body).not.toContain(owner.email);
    }
  });

  it('answers 404 for an unknown collector', async () => {
    const response = await t.app.inject('/api/users/no-such-user');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not-found');
  });

  it('stores an uploaded avatar as WebP that fits 512×512 and serves it', async () => {
    const owner = await registerUser(t.app);
    const response = await upload(owner, 'avatar', await pngOf(1200, 900));
    expect(response.statusCode).toBe(200);
    const { profileImageUrl } = response.json();
    expect(profileImageUrl).toMatch(/^\/media\/[a-f0-9]{64}$/);

    const image = await t.app.inject(profileImageUrl);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 384]);

    const profile = await t.app.inject(`/api/users/${owner.user.id}`);
    expect(profile.json().profileImageUrl).toBe(profileImageUrl);
    const session = await t.app.inject({ url: '/api/auth/session', headers: { cookie: owner.cookie } });
    expect(session.json().user.profileImageUrl).toBe(profileImageUrl);
  });

  it('stores a banner in its own box and leaves the avatar alone', async () => {
    const owner = await registerUser(t.app);
    const avatar = (await upload(owner, 'avatar', await pngOf(100, 100))).json().profileImageUrl;
    const jpeg = await sharp({ create: { width: 3200, height: 800, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const response = await upload(owner, 'banner', jpeg, 'banner.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(200);
    expect(response.json().profileImageUrl).toBe(avatar);
    const meta = await sharp((await t.app.inject(response.json().bannerImageUrl)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 400]);
  });

  it('refuses uploads from visitors', async () => {
    const response = await upload(undefined, 'avatar', await pngOf(10, 10));
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: 'unauthenticated', message: MESSAGES.noUserLoggedIn });
  });

  it('refuses a text file named .png with 415', async () => {
    const owner = await registerUser(t.app);
    const response = await upload(owner, 'avatar', Buffer.from('this is not an image\n'.repeat(20)));
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported-media-type');
    expect((await t.app.inject(`/api/users/${owner.user.id}`)).json().profileImageUrl).toBeNull();
  });

  it('refuses an image that claims billions of pixels with 413, before decoding it', async () => {
    const owner = await registerUser(t.app);
    const started = performance.now();
    const response = await upload(owner, 'banner', hugePngHeader(60_000, 60_000));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload-too-large');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const owner = await registerUser(t.app);
    const big = Buffer.concat([await pngOf(10, 10), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const response = await upload(owner, 'avatar', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'payload-too-large',
      message: 'That image is larger than 10 MB. Please choose a smaller one.',
    });
  });

  it('turns an SVG with a script into plain pixels', async () => {
    const owner = await registerUser(t.app);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(document.cookie)</script><rect width="64" height="64" fill="red"/></svg>',
    );
    const response = await upload(owner, 'avatar', svg, 'evil.svg', 'image/svg+xml');
    expect(response.statusCode).toBe(200);
    const image = await t.app.inject(response.json().profileImageUrl);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(image.rawPayload.toString('latin1')).not.toContain('script');
  });

  it('asks for the image in the field "file" of a multipart body', async () => {
    const owner = await registerUser(t.app);
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/avatar',
      payload: { file: 'x' },
      headers: { cookie: owner.cookie },
    });
    expect(json.statusCode).toBe(415);
    const body = await multipartBody(await pngOf(10, 10), {
      field: 'picture',
      filename: 'a.png',
      type: 'image/png',
    });
    const wrongField = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/avatar',
      payload: body.payload,
      headers: { ...body.headers, cookie: owner.cookie },
    });
    expect(wrongField.statusCode).toBe(400);
  });
});
