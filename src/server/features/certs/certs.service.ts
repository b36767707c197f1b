import { MESSAGES } from '#shared/errors.ts';
import { certToCard, readPsaGrade } from '#shared/psa-cert-card.ts';
import {
  type CertImage,
  type CertResponse,
  certFetchFailedMessage,
  type PsaCert,
} from '#shared/schemas/certs.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { findCertLookup, hasCertMissSince, saveCertLookup, saveCertMiss } from './certs.repository.ts';
import { savePopulation } from './populations.repository.ts';
import type { PsaClient, PsaFailure } from './psa-client.ts';

const IMAGE_BOX = { maxWidth: 1200, maxHeight: 2000 };

/** What a lookup needs: the database and media store, PSA when it is configured, and the lookups under way. */
export type CertContext = Pick<AppContext, 'database' | 'media'> & {
  psa: PsaClient | undefined;
  /** Lookups under way, by certificate number: two people asking for the same one share one PSA call. */
  inFlight: Map<string, Promise<CertResponse>>;
};

/**
 * How long PSA's "no such certificate", and its record of a certificate, are believed before asking again: a
 * day-old record is asked for once more, for PSA's population figures of that day.
 */
const KEPT_MS = 24 * 60 * 60 * 1000;

const notFoundAtPsa = (certNumber: string) =>
  notFound(`PSA has no certificate with the number ${certNumber}.`);

/**
 * A certificate through PSA. A successful answer is kept in the database with copies of its scans, and both
 * it and a "no such certificate" are believed for a day, so a repeat costs no PSA call (PSA's public API
 * allows few calls a day) and pages load images from our origin. After a day the record (not the scans) is
 * asked for again; when PSA cannot answer then, the kept record answers. Simultaneous lookups of one certificate share one: the first
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
  const keptSince = new Date(Date.now() - KEPT_MS).toISOString();
  const cached = await findCertLookup(db, certNumber);
  const psa = context.psa;
  if (cached) {
    const kept = { cert: cached.cert, images: cached.images };
    if (cached.fetchedAt > keptSince || !psa) return kept;
    return (await refreshRecord(context, psa, certNumber, kept, spendPsaLookup)) ?? kept;
  }
  if (await hasCertMissSince(db, certNumber, keptSince)) throw notFoundAtPsa(certNumber);
  if (!psa) throw new AppError(503, 'psa-not-configured', MESSAGES.psaNotConfigured);
  await spendPsaLookup();
  return fetchFromPsa(context, psa, certNumber);
}

/** PSA's record of a kept certificate as of today, with the kept scans; undefined when PSA cannot say now. */
async function refreshRecord(
  context: CertContext,
  psa: PsaClient,
  certNumber: string,
  kept: CertResponse,
  spendPsaLookup: () => Promise<void>,
): Promise<CertResponse | undefined> {
  try {
    await spendPsaLookup();
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return undefined;
    throw error;
  }
  const answer = await psa.getCert(certNumber);
  if (answer.kind !== 'found') return undefined;
  const result = { cert: answer.cert, images: kept.images };
  await keepAnswer(context, certNumber, result);
  return result;
}

/** Keeps PSA's answer, and its population figures as the day's observation of the card and grade. */
async function keepAnswer(context: CertContext, certNumber: string, result: CertResponse): Promise<void> {
  const population = populationObservation(result.cert);
  await context.database.db.transaction().execute(async (trx) => {
    await saveCertLookup(trx, certNumber, result);
    if (population) await savePopulation(trx, population);
  });
}

/**
 * The figures PSA gave with a certificate, as an observation of its card and grade: none for a certificate
 * that is not a catalogue card, has no number grade, or carries a qualifier (PSA counts qualified slabs apart).
 */
function populationObservation(cert: PsaCert) {
  const { card } = certToCard(cert);
  const grade = readPsaGrade(cert.CardGrade);
  if (!card || grade.value === null || grade.qualifier) return undefined;
  if (cert.TotalPopulation === null || cert.PopulationHigher === null) return undefined;
  return {
    cardId: card.cardId,
    variant: card.variant,
    grade: grade.value,
    total: cert.TotalPopulation,
    higher: cert.PopulationHigher,
    certNumber: cert.CertNumber,
    observedAt: new Date().toISOString(),
  };
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
  if (complete) await keepAnswer(context, certNumber, result);
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
