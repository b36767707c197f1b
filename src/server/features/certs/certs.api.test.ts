import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { someIp } from '../../../../tests/helpers/auth.ts';
import {
  PSA_STAND_IN_TOKEN,
  RETRY_AFTER_SECONDS,
  STAND_IN_CERTS,
  startPsaStandIn,
} from '../../../../tests/helpers/psa-stand-in.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { PSA_LOOKUP_LIMITS } from './certs.routes.ts';

const psa = await startPsaStandIn();
afterAll(() => psa.close());
beforeEach(() => psa.reset());

describe('GET /api/certs/:certNumber', () => {
  const t = useTestApp({ psaApiBaseUrl: psa.url, psaApiToken: PSA_STAND_IN_TOKEN });
  // Each lookup from an address of its own, so the per-address limit on PSA calls stays out of these tests.
  const lookup = (certNumber: string) =>
    t.app.inject({ url: `/api/certs/${encodeURIComponent(certNumber)}`, remoteAddress: someIp() });

  it('answers that lookups are available when the server has a PSA token', async () => {
    const response = await t.app.inject('/api/certs/availability');
    expect(response.json()).toEqual({ available: true });
  });

  it('answers a found certificate with its fields and our copies of both scans, front first', async () => {
    const response = await lookup(STAND_IN_CERTS.withImages);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.cert).toEqual({
      Year: '1999',
      Brand: 'POKEMON GAME',
      Variety: '1ST EDITION',
      Subject: 'CHARIZARD-HOLO',
      CertNumber: STAND_IN_CERTS.withImages,
      CardNumber: '4',
      CardGrade: 'GEM MT 10',
      GradeDescription: 'GEM MT 10',
      TotalPopulation: 121,
      PopulationHigher: 0,
      LabelType: 'LighthouseLabel',
    });
    expect(body.images.map((image: { isFront: boolean }) => image.isFront)).toEqual([true, false]);
    for (const image of body.images) {
      expect(image.url).toMatch(/^\/media\/[a-f0-9]{64}$/);
      const served = await t.app.inject(image.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
    expect(body.images[0].url).not.toBe(body.images[1].url);
    expect(psa.imageCalls).toHaveLength(2);
  });

  it('serves a repeat lookup from the database without calling PSA', async () => {
    const first = await lookup(STAND_IN_CERTS.withImagesFrontFirst);
    expect(first.statusCode).toBe(200);
    expect(psa.apiCalls).toHaveLength(2);
    psa.reset();
    const again = await lookup(` ${STAND_IN_CERTS.withImagesFrontFirst} `);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(psa.apiCalls).toEqual([]);
    expect(psa.imageCalls).toEqual([]);
  });

  it('shares one PSA call between simultaneous lookups of the same certificate', async () => {
    const responses = await Promise.all([1, 2, 3].map(() => lookup(STAND_IN_CERTS.noImages)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(psa.apiCalls).toEqual([
      `GetByCertNumber/${STAND_IN_CERTS.noImages}`,
      `GetImagesByCertNumber/${STAND_IN_CERTS.noImages}`,
    ]);
  });

  it('shows the scans it could fetch and asks again next time when one could not be fetched', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await lookup(STAND_IN_CERTS.brokenScan);
      expect(response.statusCode).toBe(200);
      expect(response.json().images).toEqual([{ isFront: true, url: expect.stringMatching(/^\/media\//) }]);
    }
    expect(psa.apiCalls).toHaveLength(4);
  });

  it('answers a certificate without scans with an empty image list', async () => {
    const response = await lookup(STAND_IN_CERTS.noImages);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ cert: { Subject: 'PIKACHU' }, images: [] });
  });

  it('answers 404 for a certificate PSA has no record of, and keeps that answer for a day', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await lookup(STAND_IN_CERTS.unknown);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({
        code: 'not-found',
        message: `PSA has no certificate with the number ${STAND_IN_CERTS.unknown}.`,
      });
    }
    // Only one certificate call: no images are asked for a certificate that does not exist, and the second
    // lookup is answered from what PSA said the first time.
    expect(psa.apiCalls).toEqual([`GetByCertNumber/${STAND_IN_CERTS.unknown}`]);

    await t.database.handle.db
      .withTables<{ cert_misses: { cert_number: string; checked_at: string } }>()
      .updateTable('cert_misses')
      .set({ checked_at: new Date(Date.now() - 24 * 3_600_000 - 1000).toISOString() })
      .where('cert_number', '=', STAND_IN_CERTS.unknown)
      .execute();
    expect((await lookup(STAND_IN_CERTS.unknown)).statusCode).toBe(404);
    expect(psa.apiCalls).toHaveLength(2);
  });

  it('downloads scans only from PSA, and follows no redirect to another host', async () => {
    const foreign = await lookup(STAND_IN_CERTS.foreignScan);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().images).toEqual([{ isFront: true, url: expect.stringMatching(/^\/media\//) }]);

    const redirected = await lookup(STAND_IN_CERTS.redirectedScan);
    expect(redirected.statusCode).toBe(200);
    // The front scan's link leads to another host: not followed. The back scan's stays on PSA's: followed.
    expect(redirected.json().images).toEqual([{ isFront: false, url: expect.stringMatching(/^\/media\//) }]);
    expect(psa.elsewhereCalls).toEqual([]);

    // What PSA's hosts could give is all there is: the answers are kept, not asked for again.
    psa.reset();
    expect((await lookup(STAND_IN_CERTS.foreignScan)).json()).toEqual(foreign.json());
    expect((await lookup(STAND_IN_CERTS.redirectedScan)).json()).toEqual(redirected.json());
    expect(psa.apiCalls).toEqual([]);
  });

  it('answers 400 when PSA rejects the number', async () => {
    const response = await lookup(STAND_IN_CERTS.malformed);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('PSA does not accept 1 as a certificate number'),
    });
  });

  it.each(['12-34', 'abc', '1234567890123', ' ', '12.5'])(
    'refuses %j without calling PSA',
    async (certNumber) => {
      const response = await lookup(certNumber);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation',
        message: 'Enter a PSA certificate number: digits only.',
      });
      expect(psa.apiCalls).toEqual([]);
    },
  );

  it.each([
    [STAND_IN_CERTS.unauthorized, 'Error fetching card data: 401 Unauthorized'],
    [STAND_IN_CERTS.forbidden, 'Error fetching card data: 403 Forbidden'],
    [STAND_IN_CERTS.serverError, 'Error fetching card data: 500 Internal Server Error'],
  ])('answers 502 when PSA refuses or fails (%s)', async (certNumber, message) => {
    const response = await lookup(certNumber);
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({ code: 'psa-unavailable', message });
  });

  it('passes on how long to wait when PSA is rate limiting, and does not keep the failure', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await lookup(STAND_IN_CERTS.rateLimited);
      expect(response.statusCode).toBe(502);
      expect(response.headers['retry-after']).toBe(RETRY_AFTER_SECONDS);
      expect(response.json().error).toEqual({
        code: 'psa-unavailable',
        message: 'Error fetching card data: 429 Too Many Requests',
      });
    }
    expect(psa.apiCalls).toHaveLength(2);
  });

  it('never sends the PSA token to the browser', async () => {
    const response = await lookup(STAND_IN_CERTS.withImages);
    expect(response.body).not.toContain(PSA_STAND_IN_TOKEN);
    expect(JSON.stringify(response.headers)).not.toContain(PSA_STAND_IN_TOKEN);
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await t.app.inject('/api/docs/json')).json();
    expect(document.paths['/api/certs/{certNumber}'].get.responses).toHaveProperty('502');
  });
});

describe('GET /api/certs/:certNumber with a wrong PSA token', () => {
  const t = useTestApp({ psaApiBaseUrl: psa.url, psaApiToken: 'expired-token' });

  it('reports that PSA refused the request', async () => {
    const response = await t.app.inject(`/api/certs/${STAND_IN_CERTS.withImages}`);
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe('Error fetching card data: 401 Unauthorized');
  });
});

describe('GET /api/certs/:certNumber without a PSA token', () => {
  const t = useTestApp({ psaApiBaseUrl: psa.url, psaApiToken: undefined });

  it('says lookups are unavailable, without calling PSA', async () => {
    const response = await t.app.inject(`/api/certs/${STAND_IN_CERTS.withImages}`);
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toEqual({
      code: 'psa-not-configured',
      message: 'Certificate lookups are unavailable right now. Please try again later.',
    });
    expect(psa.apiCalls).toEqual([]);
  });

  it('answers that lookups are unavailable, so a page need not try one', async () => {
    const response = await t.app.inject('/api/certs/availability');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ available: false });
  });
});

describe('GET /api/certs/:certNumber limits', () => {
  const t = useTestApp({ psaApiBaseUrl: psa.url, psaApiToken: PSA_STAND_IN_TOKEN });
  let nextCert = 41_000_000;
  /** A certificate number nobody has looked up: PSA has no record of it. */
  const newCert = () => {
    nextCert += 1;
    return String(nextCert);
  };
  const lookup = (certNumber: string, remoteAddress: string) =>
    t.app.inject({ url: `/api/certs/${certNumber}`, remoteAddress });

  it(`lets one address reach PSA ${PSA_LOOKUP_LIMITS.perAddress.max} times an hour, and answer from what is kept as often as before`, async () => {
    const address = '192.0.2.50';
    const asked = Array.from({ length: PSA_LOOKUP_LIMITS.perAddress.max }, newCert);
    for (const certNumber of asked) expect((await lookup(certNumber, address)).statusCode).toBe(404);
    const calls = psa.apiCalls.length;

    const refused = await lookup(newCert(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'rate-limited',
      message: 'Too many certificate lookups from your address. Please try again in an hour.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(psa.apiCalls).toHaveLength(calls);

    // Answers Holoscope keeps are not PSA calls: the same address still gets them.
    expect((await lookup(asked[0]!, address)).statusCode).toBe(404);
    expect((await lookup(newCert(), '192.0.2.51')).statusCode).toBe(404);
  });
});

describe('GET /api/certs/:certNumber limit for everyone together', () => {
  const t = useTestApp({ psaApiBaseUrl: psa.url, psaApiToken: PSA_STAND_IN_TOKEN });

  it(`reaches PSA at most ${PSA_LOOKUP_LIMITS.overall.max} times a day from everyone together`, async () => {
    let address = 0;
    const fromNewAddress = (certNumber: string) =>
      t.app.inject({ url: `/api/certs/${certNumber}`, remoteAddress: `198.18.0.${++address}` });
    for (let i = 0; i < PSA_LOOKUP_LIMITS.overall.max; i++) {
      expect((await fromNewAddress(String(42_000_000 + i))).statusCode).toBe(404);
    }
    const refused = await fromNewAddress('42999999');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      'The PSA lookup has reached its limit for today. Please try again tomorrow.',
    );
  });
});
