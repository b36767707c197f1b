import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import type { PsaCert } from '#shared/schemas/certs.ts';

/** How long one call to PSA (or one image download) may take before we give up on it. */
const PSA_TIMEOUT_MS = 8000;
/** PSA's scans are well under this; anything bigger is not a card photo. */
const MAX_CERT_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * Where PSA keeps its scans: they are downloaded over https from these hosts only (and from the origin of
 * PSA_API_BASE_URL itself), never from a host an answer or a redirect names.
 */
export const PSA_SCAN_ORIGINS = ['https://d1htnxwo4o0jhw.cloudfront.net'] as const;
/** Redirects followed for one scan, each within the hosts above. */
const MAX_SCAN_REDIRECTS = 3;

export type PsaFailure =
  | { kind: 'refused'; status: number; statusText: string; retryAfter?: string }
  | { kind: 'timeout' }
  | { kind: 'unreachable'; detail: string }
  | { kind: 'unreadable' };

export type CertAnswer =
  | { kind: 'found'; cert: PsaCert }
  | { kind: 'unknown' }
  | { kind: 'invalid'; serverMessage: string }
  | PsaFailure;

export type ImagesAnswer = { kind: 'images'; images: { isFront: boolean; url: string }[] } | PsaFailure;

/** A scan, or `not-allowed` when its link (or a redirect) leads off PSA's hosts, or a failure to try later. */
export type DownloadAnswer = { kind: 'image'; body: Buffer } | { kind: 'not-allowed' } | PsaFailure;

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()));

const population = z.coerce.number().int().min(0).nullish().catch(null);

const CertBodySchema = z.object({
  PSACert: z.object({
    Year: text,
    Brand: text,
    Variety: text,
    Subject: text,
    CertNumber: text,
    CardNumber: text,
    CardGrade: text,
    GradeDescription: text,
    TotalPopulation: population,
    PopulationHigher: population,
    LabelType: text,
  }),
});

/** PSA answers 200 for certificates it has no record of, and for numbers it does not accept. */
const NoCertBodySchema = z.object({ IsValidRequest: z.boolean(), ServerMessage: z.string().default('') });

const ImagesBodySchema = z.array(z.object({ IsFrontImage: z.boolean(), ImageURL: z.string() }));

export interface PsaClientOptions {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
}

/** PSA's public API (cert/GetByCertNumber and cert/GetImagesByCertNumber); the token stays on the server. */
export class PsaClient {
  private readonly timeoutMs: number;
  private readonly scanOrigins: Set<string>;

  constructor(private readonly options: PsaClientOptions) {
    this.timeoutMs = options.timeoutMs ?? PSA_TIMEOUT_MS;
    this.scanOrigins = new Set([...PSA_SCAN_ORIGINS, new URL(options.baseUrl).origin]);
  }

  /** Whether a link is on one of PSA's scan hosts, over its scheme, without credentials in it. */
  isScanUrl(link: string): boolean {
    if (!URL.canParse(link)) return false;
    const url = new URL(link);
    return this.scanOrigins.has(url.origin) && url.username === '' && url.password === '';
  }

  async getCert(certNumber: string): Promise<CertAnswer> {
    const answer = await this.callApi(`cert/GetByCertNumber/${encodeURIComponent(certNumber)}`);
    if (answer.kind !== 'json') return answer;
    const found = CertBodySchema.safeParse(answer.body);
    if (found.success) {
      const cert = found.data.PSACert;
      const figures = {
        TotalPopulation: cert.TotalPopulation ?? null,
        PopulationHigher: cert.PopulationHigher ?? null,
      };
      return { kind: 'found', cert: { ...cert, ...figures } };
    }
    const none = NoCertBodySchema.safeParse(answer.body);
    if (!none.success) return { kind: 'unreadable' };
    return none.data.IsValidRequest
      ? { kind: 'unknown' }
      : { kind: 'invalid', serverMessage: none.data.ServerMessage };
  }

  async getImages(certNumber: string): Promise<ImagesAnswer> {
    const answer = await this.callApi(`cert/GetImagesByCertNumber/${encodeURIComponent(certNumber)}`);
    if (answer.kind !== 'json') return answer;
    // A certificate without scans may come back as null or as a no-data message rather than [].
    if (answer.body === null || NoCertBodySchema.safeParse(answer.body).success) {
      return { kind: 'images', images: [] };
    }
    const parsed = ImagesBodySchema.safeParse(answer.body);
    if (!parsed.success) return { kind: 'unreadable' };
    return {
      kind: 'images',
      images: parsed.data
        .filter((image) => /^https?:\/\//i.test(image.ImageURL))
        .map((image) => ({ isFront: image.IsFrontImage, url: image.ImageURL })),
    };
  }

  /**
   * Downloads a scan PSA linked to, from PSA's scan hosts only, following redirects only within them; no
   * token goes along, the image host is not PSA's API.
   */
  async downloadImage(url: string): Promise<DownloadAnswer> {
    let link = url;
    for (let redirects = 0; ; redirects += 1) {
      if (!this.isScanUrl(link)) return { kind: 'not-allowed' };
      const response = await this.send(link, {}, 'manual');
      if ('kind' in response) return response;
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return this.readScan(response);
      await response.body?.cancel();
      if (redirects === MAX_SCAN_REDIRECTS) return { kind: 'unreadable' };
      link = new URL(location, link).toString();
    }
  }

  private async readScan(response: Response): Promise<DownloadAnswer> {
    if (!response.ok) return refused(response);
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > MAX_CERT_IMAGE_BYTES) return { kind: 'unreadable' };
    try {
      const body = Buffer.from(await response.arrayBuffer());
      return body.byteLength > MAX_CERT_IMAGE_BYTES ? { kind: 'unreadable' } : { kind: 'image', body };
    } catch (error) {
      return failureOf(error);
    }
  }

  private async callApi(path: string): Promise<{ kind: 'json'; body: unknown } | PsaFailure> {
    const response = await this.send(`${this.options.baseUrl}/${path}`, {
      authorization: `bearer ${this.options.token}`,
      accept: 'application/json',
    });
    if ('kind' in response) return response;
    if (!response.ok) {
      await response.body?.cancel();
      return refused(response);
    }
    try {
      return { kind: 'json', body: JSON.parse(await response.text()) };
    } catch (error) {
      return error instanceof SyntaxError ? { kind: 'unreadable' } : failureOf(error);
    }
  }

  private async send(
    url: string,
    headers: Record<string, string>,
    redirect: RequestRedirect = 'follow',
  ): Promise<Response | PsaFailure> {
    try {
      return await fetch(url, { headers, redirect, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      return failureOf(error);
    }
  }
}

function refused(response: Response): PsaFailure {
  const retryAfter = response.headers.get('retry-after');
  return {
    kind: 'refused',
    status: response.status,
    // HTTP/2 has no reason phrase; the standard one reads the same to a person.
    statusText: response.statusText || STATUS_CODES[response.status] || '',
    ...(retryAfter ? { retryAfter } : {}),
  };
}

function failureOf(error: unknown): PsaFailure {
  const name = (error as Error | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' };
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return { kind: 'unreachable', detail: cause?.code ?? cause?.message ?? String(error) };
}
