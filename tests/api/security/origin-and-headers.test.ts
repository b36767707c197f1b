import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '#server/features/accounts/known-devices.ts';
import { SESSION_COOKIE } from '#server/features/accounts/sessions.ts';
import { makeAdmin, registerUser, registrationBody, someIp, type TestUser } from '../../helpers/auth.ts';
import { addItem, itemBody } from '../../helpers/collection-factory.ts';
import { insertSales } from '../../helpers/sales-factory.ts';
import { useTestApp } from '../../helpers/test-app.ts';
import { multipartBody, pngOf } from '../../helpers/upload.ts';
import { snapshotOf } from './hostile-input.ts';

const SITE = 'https://holoscope.example';
const EVIL = 'https://evil.example';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-csp-web-'));
fs.writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><meta property="csp-nonce" nonce="CSP_NONCE_PLACEHOLDER"></head><body></body></html>',
);

function directivesOf(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [String(name), values]),
  );
}

describe('served over HTTPS with secure cookies', () => {
  const t = useTestApp({ publicOrigin: SITE, secureCookies: true, webDir });
  let collector: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let itemId: string;
  let saleId: string;
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

  beforeAll(async () => {
    collector = await registerUser(t.app);
    other = await registerUser(t.app);
    admin = await makeAdmin(t);
    itemId = (await addItem(t.app, collector)).id;
    const [sale] = await insertSales(t.database.handle, [{}]);
    saleId = String(sale?.id);
  });

  interface UnsafeRequest {
    who: TestUser;
    method: 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: object | Buffer;
    headers?: Record<string, string>;
  }

  /** One request of each kind a forged page would try: add, offer, upload, admin delete, remove, sign out. */
  async function unsafeRequests(): Promise<UnsafeRequest[]> {
    const avatar = await multipartBody(await pngOf(20, 20), { filename: 'me.png', type: 'image/png' });
    return [
      {
        who: collector,
        method: 'POST',
        url: '/api/users/me/collection',
        payload: itemBody({ cardName: 'Blastoise', cardNumber: '2/102' }),
      },
      { who: other, method: 'POST', url: '/api/offers', payload: { itemId, amount: 99 } },
      {
        who: collector,
        method: 'PUT',
        url: '/api/users/me/avatar',
        payload: avatar.payload,
        headers: avatar.headers,
      },
      { who: admin, method: 'POST', url: '/api/admin/sales/delete', payload: { saleIds: [saleId] } },
      { who: collector, method: 'DELETE', url: `/api/users/me/collection/${itemId}` },
      { who: collector, method: 'POST', url: '/api/auth/logout' },
    ];
  }

  it('refuses unsafe requests from another origin even with a valid session, and changes nothing', async () => {
    for (const origin of [EVIL, 'null', 'http://holoscope.example', `${SITE}:8443`]) {
      for (const { who, headers, ...request } of await unsafeRequests()) {
        const before = await snapshotOf(t.database.handle);
        const response = await t.app.inject({
          ...request,
          remoteAddress: someIp(),
          headers: { ...(headers ?? {}), cookie: who.cookie, origin },
        });
        const described = `${request.method} ${request.url} from ${origin}`;
        expect(response.statusCode, described).toBe(403);
        expect(response.json().error.code, described).toBe('forbidden');
        expect(await snapshotOf(t.database.handle), described).toEqual(before);
      }
    }
    const session = await t.app.inject({ url: '/api/auth/session', headers: { cookie: collector.cookie } });
    expect(session.json().user.id).toBe(collector.user.id);
  });

  it('accepts the same requests from its own origin', async () => {
    const statuses = [];
    for (const { who, headers, ...request } of await unsafeRequests()) {
      const response = await t.app.inject({
        ...request,
        remoteAddress: someIp(),
        headers: { ...(headers ?? {}), cookie: who.cookie, origin: SITE },
      });
      statuses.push(`${request.method} ${request.url} ${response.statusCode}`);
    }
    expect(statuses).toEqual([
      'POST /api/users/me/collection 201',
      'POST /api/offers 201',
      'PUT /api/users/me/avatar 200',
      'POST /api/admin/sales/delete 200',
      `DELETE /api/users/me/collection/${itemId} 204`,
      'POST /api/auth/logout 200',
    ]);
    const session = await t.app.inject({ url: '/api/auth/session', headers: { cookie: collector.cookie } });
    expect(session.json().user).toBeNull();
  });

  it('still answers cross-origin reads, which a browser will not let the other site see', async () => {
    const response = await t.app.inject({ url: '/api/sets', headers: { origin: EVIL } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sets the session cookie __Host-, HttpOnly, SameSite=Lax, Path=/ and Secure', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: other.email, password: other.password },
      remoteAddress: someIp(),
    });
    const name = `__Host-${SESSION_COOKIE}`;
    const cookie = response.cookies.find((candidate) => candidate.name === name);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
    expect(cookie?.domain).toBeUndefined();
    const device = response.cookies.find((candidate) => candidate.name === `__Host-${DEVICE_COOKIE}`);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', secure: true });
    expect(device?.domain).toBeUndefined();
    const signedIn = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: `${name}=${cookie?.value}` },
    });
    expect(signedIn.json().user?.id).toBe(other.user.id);

    // The bare name is what a page on plain http or a subdomain could plant; it signs nobody in here.
    const planted = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: `${SESSION_COOKIE}=${cookie?.value}` },
    });
    expect(planted.json().user).toBeNull();

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `${name}=${cookie?.value}` },
    });
    const cleared = logout.cookies.find((candidate) => candidate.name === name);
    expect(cleared).toMatchObject({ value: '', httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
  });

  it('sends the strict policy and the other security headers on API answers', async () => {
    const response = await t.app.inject('/api/sets');
    const csp = directivesOf(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('gives every page load a fresh style nonce and nothing inline for scripts', async () => {
    const first = await t.app.inject('/collector/some-page');
    const second = await t.app.inject('/');
    for (const page of [first, second]) {
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).not.toContain('CSP_NONCE_PLACEHOLDER');
      const csp = directivesOf(page.headers['content-security-policy']);
      const nonce = /nonce="([^"]+)"/.exec(page.body)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(csp.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
      // Scripts only from this origin; the scan page's barcode reader may compile WebAssembly.
      expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['x-powered-by']).toBeUndefined();
    }
    expect(/nonce="([^"]+)"/.exec(first.body)?.[1]).not.toBe(/nonce="([^"]+)"/.exec(second.body)?.[1]);
  });
});

describe('served over plain HTTP without secure cookies', () => {
  const t = useTestApp({ publicOrigin: 'http://localhost:3000', secureCookies: false });

  it('sets the session cookie without Secure, and sends no HSTS', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationBody(),
      remoteAddress: someIp(),
    });
    expect(response.statusCode).toBe(201);
    const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined();
    expect(response.cookies.map((candidate) => candidate.name)).not.toContain(`__Host-${SESSION_COOKIE}`);
    expect(String(response.headers['set-cookie'])).not.toMatch(/;\s*secure/i);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('compares the origin exactly: a look-alike host is refused', async () => {
    const user = await registerUser(t.app);
    for (const origin of [
      'http://localhost:3000.evil.example',
      'http://localhost',
      'http://127.0.0.1:3000',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/me/collection',
        payload: itemBody(),
        headers: { cookie: user.cookie, origin },
      });
      expect(response.statusCode, origin).toBe(403);
    }
  });
});

describe('a refused origin, with PUBLIC_ORIGIN set', () => {
  const t = useTestApp({ publicOrigin: 'https://holoscope.example' });

  it('names the address the site answers at, so the person or operator knows what to change', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/collection',
      payload: itemBody(),
      headers: { cookie: user.cookie, origin: 'http://10.0.0.5:3000' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'forbidden',
      message:
        "This page was opened at http://10.0.0.5:3000, but this Holoscope site answers at https://holoscope.example. Open https://holoscope.example instead, or ask the site's operator to set PUBLIC_ORIGIN to the address you use.",
    });
  });
});

describe('without PUBLIC_ORIGIN, on one’s own machine', () => {
  const t = useTestApp({ publicOrigin: undefined, port: 3456 });

  async function addFrom(origin: string, host = 'localhost:3456') {
    const user = await registerUser(t.app);
    return t.app.inject({
      method: 'POST',
      url: '/api/users/me/collection',
      payload: itemBody(),
      headers: { cookie: user.cookie, origin, host },
    });
  }

  it('accepts the loopback addresses of the port it listens on, whichever the browser was given', async () => {
    for (const origin of ['http://localhost:3456', 'http://127.0.0.1:3456', 'http://[::1]:3456']) {
      expect((await addFrom(origin)).statusCode, origin).toBe(201);
    }
  });

  it('accepts the address the browser asked for, such as the machine’s address on the network', async () => {
    const response = await addFrom('http://192.168.1.20:3456', '192.168.1.20:3456');
    expect(response.statusCode).toBe(201);
  });

  it('refuses another port, another host and a look-alike', async () => {
    for (const origin of [
      'http://127.0.0.1:3457',
      'https://evil.example',
      'http://localhost:3456.evil.example',
    ]) {
      const response = await addFrom(origin);
      expect(response.statusCode, origin).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
    }
  });
});
