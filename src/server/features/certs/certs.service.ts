import { MESSAGES } from '#shared/errors.ts';
import { type CertImage, type CertResponse, certFetchFailedMessage } from '#shared/schemas/certs.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { findCertLookup, saveCertLookup } from './certs.repository.ts';
import type { PsaClient, PsaFailure } from './psa-client.ts';

const IMAGE_BOX = { maxWidth: 1200, maxHeight: 2000 };

/** What a lookup needs: the database and media store, PSA when it is configured, and the lookups under way. */
export type CertContext = Pick<AppContext, 'database' | 'media'> & {
  psa: PsaClient | undefined;
  /** Lookups waiting on PSA, by certificate number: two people asking for the same one share one PSA call. */
  inFlight: Map<string, Promise<CertResponse>>;
};

/**
 * A certificate through PSA. A successful answer is kept in the database with copies of its scans, so a
 * repeat costs no PSA call (PSA's public API allows few calls a day) and pages load images from our origin.
 */
export async function lookupCert(context: CertContext, certNumber: string): Promise<CertResponse> {
  const cached = await findCertLookup(context.database.db, certNumber);
  if (cached) return { cert: cached.cert, images: cached.images };
  const psa = context.psa;
  if (!psa) throw new AppError(503, 'psa-not-configured', MESSAGES.psaNotConfigured);
  let pending = context.inFlight.get(certNumber);
  if (!pending) {
    pending = fetchFromPsa(context, psa, certNumber).finally(() => context.inFlight.delete(certNumber));
    context.inFlight.set(certNumber, pending);
  }
  return pending;
}

async function fetchFromPsa(context: CertContext, psa: PsaClient, certNumber: string): Promise<CertResponse> {
  const answer = await psa.getCert(certNumber);
  switch (answer.kind) {
    case 'found':
      break;
    case 'unknown':
      throw notFound(`PSA has no certificate with the number ${certNumber}.`);
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
    if (copy) images.push({ isFront: image.isFront, url: copy });
    else complete = false;
  }
  const result = { cert: answer.cert, images };
  // An image that could not be fetched this time may come next time, so only complete answers are kept.
  if (complete) await saveCertLookup(context.database.db, certNumber, result);
  return result;
}

async function keepCopy(media: MediaStore, psa: PsaClient, url: string): Promise<string | undefined> {
  const download = await psa.downloadImage(url);
  if (download.kind !== 'image') return undefined;
  try {
    const stored = await media.putImage(download.body, IMAGE_BOX);
    return `/media/${stored.hash}`;
  } catch {
    return undefined;
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
