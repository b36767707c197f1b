import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/helpers/test-app.ts';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-web-'));
const script = Buffer.from(`console.log(${JSON.stringify('a card price '.repeat(200))});\n`);
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><body></body></html>');
fs.writeFileSync(path.join(webDir, 'assets/app-1234.js'), script);
fs.writeFileSync(path.join(webDir, 'assets/app-1234.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(webDir, 'assets/app-1234.js.gz'), zlib.gzipSync(script));

describe('built web assets', () => {
  const t = useTestApp({ webDir });
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

  it.each([
    ['br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip', (body: Buffer) => zlib.gunzipSync(body)],
  ])('go out %s-compressed to a browser that accepts it, cached for a year', async (encoding, decode) => {
    const response = await t.app.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': encoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.byteLength).toBeLessThan(script.byteLength / 4);
    expect(decode(response.rawPayload).equals(script)).toBe(true);
  });

  it('go out as they are to a client that accepts no compression', async () => {
    const response = await t.app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': '' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(script)).toBe(true);
  });
});
