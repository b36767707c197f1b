import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { UrlSettings } from '#shared/schemas/feeds.ts';
import { type FeedAdapterRun, FeedError } from './feed-adapter.ts';
import { type GuardedResponse, guardedGet } from './guarded-get.ts';
import { importFileRecords } from './file-records.ts';

/** A partner's export can be large, but not without end. */
const MAX_FILE_BYTES = 1024 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
/** Redirects followed to the file, each checked as the address itself is. */
const MAX_REDIRECTS = 5;

/** What identifies the version of the file a run read: sent back next time, so an unchanged file costs nothing. */
interface FileVersion {
  etag?: string;
  lastModified?: string;
}

interface UrlPosition extends FileVersion {
  line: number;
}

function failureFor(status: number, url: string): FeedError {
  const where = new URL(url).host;
  if (status === 401 || status === 403) {
    return new FeedError(
      `${where} refused access to the file (HTTP ${status}); check the feed's authorization.`,
      false,
    );
  }
  if (status === 404 || status === 410)
    return new FeedError(`${where} has no file at that address (HTTP ${status}).`, false);
  return new FeedError(`${where} answered HTTP ${status}.`);
}

/** Downloads the file to `file`; undefined when the server says it has not changed since `known`. */
async function download(
  url: string,
  known: FileVersion,
  authorization: string | undefined,
  allowedHosts: ReadonlySet<string>,
  file: string,
  signal: AbortSignal,
): Promise<FileVersion | undefined> {
  const headers: Record<string, string> = {};
  if (known.etag) headers['if-none-match'] = known.etag;
  if (known.lastModified) headers['if-modified-since'] = known.lastModified;
  const timeout = AbortSignal.any([signal, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)]);
  let response: GuardedResponse;
  try {
    response = await guardedGet(url, {
      allowedHosts,
      headers,
      ...(authorization ? { authorization } : {}),
      maxRedirects: MAX_REDIRECTS,
      signal: timeout,
    });
  } catch (error) {
    if (error instanceof FeedError) throw error;
    signal.throwIfAborted();
    throw new FeedError(`${new URL(url).host} could not be reached (${(error as Error).message}).`);
  }
  const { status, body } = response;
  if (status === 304 || status < 200 || status >= 300) {
    body.destroy();
    if (status === 304) return undefined;
    throw failureFor(status, url);
  }
  if (Number(response.headers['content-length'] ?? 0) > MAX_FILE_BYTES) {
    body.destroy();
    throw new FeedError(`The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`, false);
  }
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  let bytes = 0;
  body.on('data', (chunk: Buffer) => {
    bytes += chunk.byteLength;
    if (bytes > MAX_FILE_BYTES)
      body.destroy(new FeedError(`The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`, false));
  });
  try {
    await pipeline(body, fs.createWriteStream(file));
  } catch (error) {
    await fs.promises.rm(file, { force: true });
    if (error instanceof FeedError) throw error;
    signal.throwIfAborted();
    throw new FeedError(`The download from ${new URL(url).host} broke off (${(error as Error).message}).`);
  }
  const etag = response.headers.etag;
  const lastModified = response.headers['last-modified'];
  return { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
}

/**
 * A partner's `flat_sales` export at an http(s) address (docs/product.md §2 Feeds). The file is fetched with
 * the ETag and Last-Modified of the last run, so an unchanged file answers 304 and costs nothing; a changed one
 * is downloaded under DATA_DIR/tmp and imported with checkpoints. A run resumed after a crash reads on from
 * its checkpoint in the file it downloaded.
 */
export const runUrlFeed: FeedAdapterRun<UrlSettings> = async (input, sink) => {
  const file = path.join(input.config.dataDir, 'tmp', `feed-run-${input.runId}`);
  const resume = input.resumeFrom as UrlPosition | null;
  const downloaded = resume !== null && fs.existsSync(file);
  let version: FileVersion;
  if (downloaded) {
    version = {
      ...(resume.etag ? { etag: resume.etag } : {}),
      ...(resume.lastModified ? { lastModified: resume.lastModified } : {}),
    };
  } else {
    const known = resume === null ? (input.state as FileVersion) : {};
    const fetched = await download(
      input.settings.url,
      known,
      input.secrets.authorization,
      new Set(input.config.feedsAllowedHosts),
      file,
      input.signal,
    );
    if (!fetched) {
      await sink.checkpoint({ line: 0, ...known }, { done: 1, total: 1 });
      return { state: input.state };
    }
    version = fetched;
  }
  await importFileRecords(sink, {
    file,
    format: input.settings.format,
    resumeAfterLine: downloaded ? resume.line : 0,
    positionAt: (line) => ({ line, ...version }),
    progressAt: (done, total) => ({ done, total }),
    signal: input.signal,
  });
  await fs.promises.rm(file, { force: true });
  return { state: { ...version } };
};
