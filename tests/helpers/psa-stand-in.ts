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

/** What a stand-in certificate is: the card on PSA's label, its grade and PSA's population figures. */
export interface StandInRecord {
  Year: string;
  Brand: string;
  Subject: string;
  CardNumber: string;
  Variety: string;
  CardGrade: string;
  TotalPopulation: number;
  PopulationHigher: number;
}

const firstEditionBase = { Year: '1999', Brand: 'POKEMON GAME', Variety: '1ST EDITION' };

const RECORDS: Record<string, StandInRecord> = {
  [STAND_IN_CERTS.withImages]: {
    ...firstEditionBase,
    Subject: 'CHARIZARD-HOLO',
    CardNumber: '4',
    CardGrade: 'GEM MT 10',
    TotalPopulation: 121,
    PopulationHigher: 0,
  },
  [STAND_IN_CERTS.withImagesFrontFirst]: {
    ...firstEditionBase,
    Subject: 'BLASTOISE-HOLO',
    CardNumber: '2',
    CardGrade: 'MINT 9',
    TotalPopulation: 1043,
    PopulationHigher: 97,
  },
  [STAND_IN_CERTS.noImages]: {
    ...firstEditionBase,
    Subject: 'PIKACHU',
    CardNumber: '58',
    CardGrade: 'NM-MT 8',
    TotalPopulation: 5210,
    PopulationHigher: 3120,
  },
  [STAND_IN_CERTS.brokenScan]: {
    ...firstEditionBase,
    Subject: 'MEWTWO-HOLO',
    CardNumber: '10',
    CardGrade: 'MINT 9',
    TotalPopulation: 2388,
    PopulationHigher: 250,
  },
  [STAND_IN_CERTS.foreignScan]: {
    ...firstEditionBase,
    Subject: 'GYARADOS-HOLO',
    CardNumber: '6',
    CardGrade: 'MINT 9',
    TotalPopulation: 877,
    PopulationHigher: 64,
  },
  [STAND_IN_CERTS.redirectedScan]: {
    ...firstEditionBase,
    Subject: 'ZAPDOS-HOLO',
    CardNumber: '16',
    CardGrade: 'NM-MT 8',
    TotalPopulation: 1520,
    PopulationHigher: 940,
  },
};

/**
 * Certificates of every kind of slab a collector may hold, as PSA records them (numbers 40001000 and up):
 * each set, 1st Edition, Shadowless and Unlimited prints, half grades, qualifiers, Japanese prints and other
 * games. What Holoscope makes of each is in src/shared/psa-cert-card.test.ts.
 */
export const STAND_IN_SLABS = {
  fossilGengarFirstEdition: {
    number: '40001001',
    record: {
      Year: '1999',
      Brand: 'POKEMON FOSSIL',
      Subject: 'GENGAR-HOLO',
      CardNumber: '5',
      Variety: '1ST EDITION',
      CardGrade: 'MINT 9',
      TotalPopulation: 1234,
      PopulationHigher: 121,
    },
  },
  jungleScytherHalfGrade: {
    number: '40001002',
    record: {
      Year: '1999',
      Brand: 'POKEMON JUNGLE',
      Subject: 'SCYTHER-HOLO',
      CardNumber: '10',
      Variety: '1ST EDITION',
      CardGrade: 'NM-MT 8.5',
      TotalPopulation: 310,
      PopulationHigher: 802,
    },
  },
  baseCharizardShadowless: {
    number: '40001003',
    record: {
      Year: '1999',
      Brand: 'POKEMON GAME',
      Subject: 'CHARIZARD-HOLO',
      CardNumber: '4',
      Variety: 'SHADOWLESS',
      CardGrade: 'MINT 9',
      TotalPopulation: 1511,
      PopulationHigher: 146,
    },
  },
  baseCharizardUnlimited: {
    number: '40001004',
    record: {
      Year: '1999',
      Brand: 'POKEMON GAME',
      Subject: 'CHARIZARD-HOLO',
      CardNumber: '4',
      Variety: '',
      CardGrade: 'GEM MT 10',
      TotalPopulation: 3612,
      PopulationHigher: 0,
    },
  },
  jungleSnorlaxUnlimited: {
    number: '40001005',
    record: {
      Year: '1999',
      Brand: 'POKEMON JUNGLE',
      Subject: 'SNORLAX-HOLO',
      CardNumber: '11',
      Variety: '',
      CardGrade: 'MINT 9',
      TotalPopulation: 2900,
      PopulationHigher: 410,
    },
  },
  basePikachuQualified: {
    number: '40001006',
    record: {
      Year: '1999',
      Brand: 'POKEMON GAME',
      Subject: 'PIKACHU',
      CardNumber: '58',
      Variety: '1ST EDITION',
      CardGrade: 'MINT 9 (OC)',
      TotalPopulation: 40,
      PopulationHigher: 0,
    },
  },
  fossilDitto: {
    number: '40001007',
    record: {
      Year: '1999',
      Brand: 'POKEMON FOSSIL',
      Subject: 'DITTO',
      CardNumber: '18',
      Variety: '1ST EDITION',
      CardGrade: 'NM-MT 8',
      TotalPopulation: 700,
      PopulationHigher: 950,
    },
  },
  japaneseFossilGengar: {
    number: '40001008',
    record: {
      Year: '1997',
      Brand: 'POKEMON JAPANESE FOSSIL',
      Subject: 'GENGAR-HOLO',
      CardNumber: '94',
      Variety: '',
      CardGrade: 'MINT 9',
      TotalPopulation: 900,
      PopulationHigher: 150,
    },
  },
  baseSetTwo: {
    number: '40001009',
    record: {
      Year: '2000',
      Brand: 'POKEMON GAME BASE II',
      Subject: 'CHARIZARD-HOLO',
      CardNumber: '4',
      Variety: '',
      CardGrade: 'MINT 9',
      TotalPopulation: 800,
      PopulationHigher: 90,
    },
  },
  otherGame: {
    number: '40001010',
    record: {
      Year: '1993',
      Brand: 'MAGIC THE GATHERING ALPHA',
      Subject: 'BLACK LOTUS',
      CardNumber: '',
      Variety: '',
      CardGrade: 'NM-MT 8',
      TotalPopulation: 20,
      PopulationHigher: 5,
    },
  },
  authentic: {
    number: '40001011',
    record: {
      Year: '1999',
      Brand: 'POKEMON FOSSIL',
      Subject: 'ZAPDOS-HOLO',
      CardNumber: '15',
      Variety: '1ST EDITION',
      CardGrade: 'AUTHENTIC',
      TotalPopulation: 12,
      PopulationHigher: 0,
    },
  },
} as const satisfies Record<string, { number: string; record: StandInRecord }>;

for (const { number, record } of Object.values(STAND_IN_SLABS)) RECORDS[number] = record;

export interface PsaStandIn {
  /** Base URL to configure as PSA_API_BASE_URL. */
  url: string;
  /** API paths called since the last reset (GetByCertNumber/…, GetImagesByCertNumber/…). */
  apiCalls: string[];
  /** Scans downloaded since the last reset. */
  imageCalls: string[];
  /** Requests to the other host (not PSA's) that some scan links point at, since the last reset. */
  elsewhereCalls: string[];
  /** PSA's population figures for a certificate from now on, as they grow between lookups. */
  setPopulation(certNumber: string, figures: { TotalPopulation: number; PopulationHigher: number }): void;
  /** Forgets what was called and the figures set since the start. */
  reset(): void;
  close(): Promise<void>;
}

function certRecord(certNumber: string, populations: Map<string, Partial<StandInRecord>>) {
  const facts = RECORDS[certNumber];
  if (!facts) return undefined;
  const record = { ...facts, ...populations.get(certNumber) };
  return {
    PSACert: {
      CertNumber: certNumber,
      SpecID: 1_234_567,
      SpecNumber: 'PSA-STAND-IN',
      LabelType: 'LighthouseLabel',
      ReverseBarCode: false,
      Year: record.Year,
      Brand: record.Brand,
      Category: 'TCG CARDS',
      CardNumber: record.CardNumber,
      Subject: record.Subject,
      Variety: record.Variety,
      IsPSADNA: false,
      IsDualCert: false,
      GradeDescription: record.CardGrade,
      CardGrade: record.CardGrade,
      TotalPopulation: record.TotalPopulation,
      TotalPopulationWithQualifier: 0,
      PopulationHigher: record.PopulationHigher,
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
  const populations = new Map<string, Partial<StandInRecord>>();
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
    const record = certRecord(certNumber, populations);
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
    setPopulation(certNumber, figures) {
      populations.set(certNumber, figures);
    },
    reset() {
      populations.clear();
      apiCalls.length = 0;
      imageCalls.length = 0;
      elsewhereCalls.length = 0;
    },
    close: async () => {
      await Promise.all([close(server), close(other)]);
    },
  };
}
