import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A small local server that answers in the shapes of PSA's public API, so tests never call the real PSA.
 * Every certificate number below stands for one thing PSA does; any other number is one PSA has no record of.
 */
export const PSA_STAND_IN_TOKEN = 'psa-stand-in-token';

export const STAND_IN_CERTS = {
  /** Found, with front and back scans listed back first. */
  withImages: '40000001',
  /** Found, with front and back scans listed front first. */
  withImagesFrontFirst: '40000002',
  /** Found, without scans. */
  noImages: '40000003',
  /** Found; the front scan downloads, the back scan's link is broken. */
  brokenScan: '40000004',
  /** Found; the front scan is on PSA's host, the back scan on another host (which must not be asked). */
  foreignScan: '40000005',
  /** Found; the front scan's link redirects to another host, the back scan's to another path of PSA's host. */
  redirectedScan: '40000006',
  /** PSA has no record: 200 {IsValidRequest: true, ServerMessage: "No data found"}. */
  unknown: '40000404',
  /** PSA rejects the number: 200 {IsValidRequest: false, ServerMessage: "Invalid CertNo"}. */
  malformed: '1',
  unauthorized: '40000401',
  forbidden: '40000403',
  rateLimited: '40000429',
  serverError: '40000500',
  /** Answers only after SLOW_ANSWER_MS. */
  slow: '40000504',
} as const;

const SLOW_ANSWER_MS = 3000;
export const RETRY_AFTER_SECONDS = '120';

const SUBJECTS: Record<string, { subject: string; grade: string; population: number }> = {
  [STAND_IN_CERTS.withImages]: { subject: 'CHARIZARD-HOLO', grade: 'GEM MT 10', population: 121 },
  [STAND_IN_CERTS.withImagesFrontFirst]: { subject: 'BLASTOISE-HOLO', grade: 'MINT 9', population: 1043 },
  [STAND_IN_CERTS.noImages]: { subject: 'PIKACHU', grade: 'NM-MT 8', population: 5210 },
  [STAND_IN_CERTS.brokenScan]: { subject: 'MEWTWO-HOLO', grade: 'MINT 9', population: 2388 },
  [STAND_IN_CERTS.foreignScan]: { subject: 'GYARADOS-HOLO', grade: 'MINT 9', population: 877 },
  [STAND_IN_CERTS.redirectedScan]: { subject: 'ZAPDOS-HOLO', grade: 'NM-MT 8', population: 1520 },
};

export interface PsaStandIn {
  /** Base URL to configure as PSA_API_BASE_URL. */
  url: string;
  /** API paths called since the last reset (GetByCertNumber/…, GetImagesByCertNumber/…). */
  apiCalls: string[];
  /** Scans downloaded since the last reset. */
  imageCalls: string[];
  /** Requests to the other host (not PSA's) that some scan links point at, since the last reset. */
  elsewhereCalls: string[];
  reset(): void;
  close(): Promise<void>;
}

function certRecord(certNumber: string) {
  const facts = SUBJECTS[certNumber];
  if (!facts) return undefined;
  return {
    PSACert: {
      CertNumber: certNumber,
      SpecID: 1_234_567,
      SpecNumber: 'PSA-STAND-IN',
      LabelType: 'LighthouseLabel',
      ReverseBarCode: false,
      Year: '1999',
      Brand: 'POKEMON GAME',
      Category: 'TCG CARDS',
      CardNumber: '4',
      Subject: facts.subject,
      Variety: '1ST EDITION',
      IsPSADNA: false,
      IsDualCert: false,
      GradeDescription: facts.grade,
      CardGrade: facts.grade,
      TotalPopulation: facts.population,
      TotalPopulationWithQualifier: 0,
      PopulationHigher: 0,
    },
    DNACert: {},
  };
}

async function scan(background: string): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 100, channels: 3, background } })
    .png()
    .toBuffer();
}

export async function startPsaStandIn(
  options: { token?: string; port?: number; host?: string } = {},
): Promise<PsaStandIn> {
  const token = options.token ?? PSA_STAND_IN_TOKEN;
  const host = options.host ?? '127.0.0.1';
  const scans: Record<string, Buffer> = { front: await scan('#c2410c'), back: await scan('#1d4ed8') };
  const apiCalls: string[] = [];
  const imageCalls: string[] = [];
  const elsewhereCalls: string[] = [];
  let origin = '';
  let elsewhere = '';

  const json = (response: http.ServerResponse, status: number, body: unknown, headers = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  };

  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === '/health') return json(response, 200, { ok: true });

    const redirect = /^\/redirect\/(elsewhere|here)\/(.+)$/.exec(path);
    if (redirect) {
      imageCalls.push(path);
      const target = `${redirect[1] === 'elsewhere' ? elsewhere : origin}/images/${redirect[2]}`;
      response.writeHead(302, { location: target });
      return response.end();
    }

    const image = /^\/images\/(\d+)-(front|back)\.png$/.exec(path);
    if (image) {
      imageCalls.push(path);
      // Scans live on a plain file host: a PSA token sent there would be a leak.
      if (request.headers.authorization) return json(response, 400, { Message: 'Unexpected credentials.' });
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(scans[image[2] as 'front' | 'back']);
    }

    const call = /\/cert\/(GetByCertNumber|GetImagesByCertNumber)\/([^/]+)$/.exec(path);
    if (!call) {
      if (path.startsWith('/images/')) imageCalls.push(path);
      return json(response, 404, { Message: 'No HTTP resource was found.' });
    }
    const [, operation, certNumber = ''] = call;
    apiCalls.push(`${operation}/${certNumber}`);

    if (request.headers.authorization?.toLowerCase() !== `bearer ${token}`.toLowerCase()) {
      return json(response, 401, { Message: 'Authorization has been denied for this request.' });
    }
    switch (certNumber) {
      case STAND_IN_CERTS.unauthorized:
        return json(response, 401, { Message: 'Authorization has been denied for this request.' });
      case STAND_IN_CERTS.forbidden:
        return json(response, 403, { Message: 'Forbidden' });
      case STAND_IN_CERTS.rateLimited:
        return json(
          response,
          429,
          { Message: 'API calls quota exceeded!' },
          { 'retry-after': RETRY_AFTER_SECONDS },
        );
      case STAND_IN_CERTS.serverError:
        return json(response, 500, { Message: 'An error has occurred.' });
      case STAND_IN_CERTS.slow:
        setTimeout(
          () => json(response, 200, { IsValidRequest: true, ServerMessage: 'No data found' }),
          SLOW_ANSWER_MS,
        );
        return;
      case STAND_IN_CERTS.malformed:
        return json(response, 200, { IsValidRequest: false, ServerMessage: 'Invalid CertNo' });
    }
    const record = certRecord(certNumber);
    if (!record) return json(response, 200, { IsValidRequest: true, ServerMessage: 'No data found' });
    if (operation === 'GetByCertNumber') return json(response, 200, record);

    const front = { IsFrontImage: true, ImageURL: `${origin}/images/${certNumber}-front.png` };
    const back = {
      IsFrontImage: false,
      ImageURL: `${origin}/images/${certNumber}-${certNumber === STAND_IN_CERTS.brokenScan ? 'gone' : 'back'}.png`,
    };
    if (certNumber === STAND_IN_CERTS.noImages) return json(response, 200, []);
    if (certNumber === STAND_IN_CERTS.foreignScan) {
      return json(response, 200, [
        front,
        { ...back, ImageURL: `${elsewhere}/images/${certNumber}-back.png` },
      ]);
    }
    if (certNumber === STAND_IN_CERTS.redirectedScan) {
      return json(response, 200, [
        { ...front, ImageURL: `${origin}/redirect/elsewhere/${certNumber}-front.png` },
        { ...back, ImageURL: `${origin}/redirect/here/${certNumber}-back.png` },
      ]);
    }
    return json(response, 200, certNumber === STAND_IN_CERTS.withImages ? [back, front] : [front, back]);
  });

  // Another host that serves the same scans: PSA never links there, so a lookup must never ask it.
  const other = http.createServer((request, response) => {
    elsewhereCalls.push(request.url ?? '/');
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(scans.front);
  });

  const listen = (target: http.Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      target.once('error', reject);
      target.listen(port, host, () => resolve((target.address() as AddressInfo).port));
    });
  origin = `http://${host}:${await listen(server, options.port ?? 0)}`;
  elsewhere = `http://${host}:${await listen(other, 0)}`;

  const close = (target: http.Server) =>
    new Promise<void>((resolve) => {
      target.closeAllConnections();
      target.close(() => resolve());
    });
  return {
    url: `${origin}/publicapi`,
    apiCalls,
    imageCalls,
    elsewhereCalls,
    reset() {
      apiCalls.length = 0;
      imageCalls.length = 0;
      elsewhereCalls.length = 0;
    },
    close: async () => {
      await Promise.all([close(server), close(other)]);
    },
  };
}
