import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PSA_STAND_IN_TOKEN,
  RETRY_AFTER_SECONDS,
  STAND_IN_CERTS,
  startPsaStandIn,
} from '../../../../tests/helpers/psa-stand-in.ts';
import { PsaClient } from './psa-client.ts';

const psa = await startPsaStandIn();
afterAll(() => psa.close());
beforeEach(() => psa.reset());

const client = new PsaClient({ baseUrl: psa.url, token: PSA_STAND_IN_TOKEN, timeoutMs: 500 });

describe('PSA client', () => {
  it('reads a found certificate', async () => {
    expect(await client.getCert(STAND_IN_CERTS.withImages)).toEqual({
      kind: 'found',
      cert: {
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
      },
    });
    expect(psa.apiCalls).toEqual([`GetByCertNumber/${STAND_IN_CERTS.withImages}`]);
  });

  it("tells PSA's 200 answers for an unknown and a rejected number apart", async () => {
    expect(await client.getCert(STAND_IN_CERTS.unknown)).toEqual({ kind: 'unknown' });
    expect(await client.getCert(STAND_IN_CERTS.malformed)).toEqual({
      kind: 'invalid',
      serverMessage: 'Invalid CertNo',
    });
  });

  it('lists scans in whatever order PSA sends them, and an empty list for none', async () => {
    const listed = await client.getImages(STAND_IN_CERTS.withImages);
    expect(listed).toEqual({
      kind: 'images',
      images: [
        { isFront: false, url: expect.stringMatching(/-back\.png$/) },
        { isFront: true, url: expect.stringMatching(/-front\.png$/) },
      ],
    });
    expect(await client.getImages(STAND_IN_CERTS.noImages)).toEqual({ kind: 'images', images: [] });
  });

  it('reports refusals with the status, its text and Retry-After', async () => {
    expect(await client.getCert(STAND_IN_CERTS.rateLimited)).toEqual({
      kind: 'refused',
      status: 429,
      statusText: 'Too Many Requests',
      retryAfter: RETRY_AFTER_SECONDS,
    });
    expect(await client.getCert(STAND_IN_CERTS.forbidden)).toMatchObject({
      status: 403,
      statusText: 'Forbidden',
    });
    expect(await client.getCert(STAND_IN_CERTS.serverError)).toMatchObject({
      status: 500,
      statusText: 'Internal Server Error',
    });
  });

  it('sends the bearer token: a wrong one is refused', async () => {
    const wrong = new PsaClient({ baseUrl: psa.url, token: 'not-the-token' });
    expect(await wrong.getCert(STAND_IN_CERTS.withImages)).toMatchObject({ kind: 'refused', status: 401 });
  });

  it('gives up on a slow answer', async () => {
    expect(await client.getCert(STAND_IN_CERTS.slow)).toEqual({ kind: 'timeout' });
  });

  it('reports an address nobody answers on as unreachable', async () => {
    const nowhere = new PsaClient({ baseUrl: 'http://127.0.0.1:9/publicapi', token: 'x', timeoutMs: 1000 });
    expect(await nowhere.getCert('123')).toMatchObject({ kind: 'unreachable' });
  });

  it('downloads a scan without sending the token', async () => {
    const listed = await client.getImages(STAND_IN_CERTS.withImagesFrontFirst);
    if (listed.kind !== 'images') throw new Error('expected images');
    const download = await client.downloadImage(listed.images[0]!.url);
    expect(download).toMatchObject({ kind: 'image', body: expect.any(Buffer) });
    expect(psa.imageCalls).toHaveLength(1);
  });
});

describe('PSA scan hosts', () => {
  const real = new PsaClient({ baseUrl: 'https://api.psacard.com/publicapi', token: 'x' });

  it.each([
    'https://d1htnxwo4o0jhw.cloudfront.net/cert/146576409/large/EGr9rGCqpUeCRggKknYt5w.jpg',
    'https://api.psacard.com/publicapi/images/1.jpg',
  ])('takes %s', (url) => {
    expect(real.isScanUrl(url)).toBe(true);
  });

  it.each([
    'http://d1htnxwo4o0jhw.cloudfront.net/cert/1/large/a.jpg',
    'https://d1htnxwo4o0jhw.cloudfront.net.evil.example/cert/1/a.jpg',
    'https://evil.example/d1htnxwo4o0jhw.cloudfront.net/a.jpg',
    'https://user:secret@d1htnxwo4o0jhw.cloudfront.net/cert/1/a.jpg',
    'https://d1htnxwo4o0jhw.cloudfront.net:8443/cert/1/a.jpg',
    'http://169.254.169.254/latest/meta-data/',
    'file:///etc/passwd',
    'not a url',
  ])('refuses %s without asking for it', async (url) => {
    expect(real.isScanUrl(url)).toBe(false);
    expect(await real.downloadImage(url)).toEqual({ kind: 'not-allowed' });
  });

  it('follows a redirect on PSA’s host and refuses one to another host, which it never asks', async () => {
    const listed = await client.getImages(STAND_IN_CERTS.redirectedScan);
    if (listed.kind !== 'images') throw new Error('expected images');
    const [toElsewhere, toHere] = listed.images;
    expect(await client.downloadImage(toElsewhere!.url)).toEqual({ kind: 'not-allowed' });
    expect(await client.downloadImage(toHere!.url)).toMatchObject({ kind: 'image' });
    expect(psa.elsewhereCalls).toEqual([]);
  });
});
