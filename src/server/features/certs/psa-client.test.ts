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
        Brand: 'POKEMON GAME',
        Variety: '1ST EDITION',
        Subject: 'CHARIZARD-HOLO',
        CertNumber: STAND_IN_CERTS.withImages,
        CardGrade: 'GEM MT 10',
        TotalPopulation: 121,
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
