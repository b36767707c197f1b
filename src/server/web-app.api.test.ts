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

describe('the installed app’s files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, 'icons'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body></body></html>');
  fs.writeFileSync(path.join(dir, 'sw.js'), "self.addEventListener('fetch', () => {});\n");
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Holoscope"}\n');
  fs.writeFileSync(
    path.join(dir, 'assets/zxing_reader-1234.wasm'),
    Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]),
  );
  const t = useTestApp({ webDir: dir });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('serve the service worker as a script that the browser asks for again on every check', async () => {
    const response = await t.app.inject('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serve the web manifest with its own content type', async () => {
    const response = await t.app.inject('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.json()).toEqual({ name: 'Holoscope' });
  });

  it('serve the barcode reader’s WebAssembly as such, cached for a year', async () => {
    const response = await t.app.inject('/assets/zxing_reader-1234.wasm');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/wasm');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('let the page compile WebAssembly and nothing run from elsewhere', async () => {
    const response = await t.app.inject('/scan');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(policy).toMatch(/default-src 'self'(;|$)/);
  });
});
