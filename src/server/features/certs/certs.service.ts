import { MESSAGES } from '#shared/errors.ts';
import { type CertImage, type CertResponse, certFetchFailedMessage } from '#shared/schemas/certs.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { findCertLookup, hasCertMissSince, saveCertLookup, saveCertMiss } from './certs.repository.ts';
import type { PsaClient, PsaFailure } from './psa-client.ts';

const IMAGE_BOX = { maxWidth: 1200, maxHeight: 2000 };

/** What a lookup needs: the database and media store, PSA when it is configured, and the lookups under way. */
export type CertContext = Pick<AppContext, 'database' | 'media'> & {
  psa: PsaClient | undefined;
  /** Lookups under way, by certificate number: two people asking for the same one share one PSA call. */
  inFlight: Map<string, Promise<CertResponse>>;
};

/** How long PSA's "no such certificate" is believed before asking again. */
const MISS_KEPT_MS = 24 * 60 * 60 * 1000;

const notFoundAtPsa = (certNumber: string) =>
  notFound(`PSA has no certificate with the number ${certNumber}.`);

/**
 * A certificate through PSA. A successful answer is kept in the database with copies of its scans, and a
 * "no such certificate" for a day, so a repeat costs no PSA call (PSA's public API allows few calls a day)
 * and pages load images from our origin. Simultaneous lookups of one certificate share one: the first
 * one's `spendPsaLookup` is called before it reaches PSA, and throws when it may not reach PSA now.
 */
export function lookupCert(
  context: CertContext,
  certNumber: string,
  spendPsaLookup: () => Promise<void>,
): Promise<CertResponse> {
  let pending = context.inFlight.get(certNumber);
  if (!pending) {
    pending = lookupOnce(context, certNumber, spendPsaLookup).finally(() =>
      context.inFlight.delete(certNumber),
    );
    context.inFlight.set(certNumber, pending);
  }
  return pending;
}

async function lookupOnce(
  context: CertContext,
  certNumber: string,
  spendPsaLookup: () => Promise<void>,
): Promise<CertResponse> {
  const db = context.database.db;
  const cached = await findCertLookup(db, certNumber);
  if (cached) return { cert: cached.cert, images: cached.images };
  const missSince = new Date(Date.now() - MISS_KEPT_MS).toISOString();
  if (await hasCertMissSince(db, certNumber, missSince)) throw notFoundAtPsa(certNumber);
  const psa = context.psa;
  if (!psa) throw new AppError(503, 'psa-not-configured', MESSAGES.psaNotConfigured);
  await spendPsaLookup();
  return fetchFromPsa(context, psa, certNumber);
}

async function fetchFromPsa(context: CertContext, psa: PsaClient, certNumber: string): Promise<CertResponse> {
  const answer = await psa.getCert(certNumber);
  switch (answer.kind) {
    case 'found':
      break;
    case 'unknown':
      await saveCertMiss(context.database.db, certNumber);
      throw notFoundAtPsa(certNumber);
    case 'invalid': {
      const message = `PSA does not accept ${certNumber} as a certificate number. Check it and try again.`;
      throw badRequest(message, { certNumber: message });
    }
    default:
      throw psaUnavailable(answer);
  }
  const listed = await psa.getImages(certNumber);
  if (listed.kind !== 'images') throw psaUnavailable(listed);

  let complete = true;
  const images: CertImage[] = [];
  for (const image of [...listed.images].sort((a, b) => Number(b.isFront) - Number(a.isFront))) {
    const copy = await keepCopy(context.media, psa, image.url);
    if (copy.kind === 'kept') images.push({ isFront: image.isFront, url: copy.url });
    else if (copy.kind === 'try-again') complete = false;
  }
  const result = { cert: answer.cert, images };
  // An image that could not be fetched this time may come next time, so only complete answers are kept.
  if (complete) await saveCertLookup(context.database.db, certNumber, result);
  return result;
}

/** Our copy of a scan; a scan off PSA's hosts is left out for good, one that failed may come next time. */
async function keepCopy(
  media: MediaStore,
  psa: PsaClient,
  url: string,
): Promise<{ kind: 'kept'; url: string } | { kind: 'left-out' } | { kind: 'try-again' }> {
  const download = await psa.downloadImage(url);
  if (download.kind === 'not-allowed') return { kind: 'left-out' };
  if (download.kind !== 'image') return { kind: 'try-again' };
  try {
    const stored = await media.putImage(download.body, IMAGE_BOX);
    return { kind: 'kept', url: `/media/${stored.hash}` };
  } catch {
    return { kind: 'try-again' };
  }
}

function psaUnavailable(failure: PsaFailure): AppError {
  const detail =
    failure.kind === 'refused'
      ? `${failure.status} ${failure.statusText}`.trim()
      : failure.kind === 'timeout'
        ? 'PSA did not answer in time.'
        : failure.kind === 'unreachable'
          ? 'PSA could not be reached.'
          : 'PSA sent an answer we could not read.';
  const headers =
    failure.kind === 'refused' && failure.retryAfter ? { 'retry-after': failure.retryAfter } : undefined;
  return new AppError(502, 'psa-unavailable', certFetchFailedMessage(detail), undefined, headers);
}
