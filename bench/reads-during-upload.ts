import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { type Latency, percentiles } from './measure.ts';

/** The pause between one read and the next on each reader: a few dozen people browsing, not a load test. */
const READ_PAUSE_MS = 20;

export interface ReadsDuringUpload {
  rowsPerSecond: number;
  imported: number;
  /** Latency of each URL read while the upload ran, and how many reads were made. */
  reads: { url: string; latency: Latency; count: number }[];
}

/** A GET on its own keep-alive connection, timed from send to last byte. */
function timedGet(url: string, agent: http.Agent): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
          else resolve(performance.now() - started);
        });
      })
      .on('error', reject);
  });
}

/** Reads the URL again and again, one at a time with a short pause, until `until` settles. */
async function readUntil(url: string, until: Promise<unknown>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let done = false;
  const stop = () => {
    done = true;
  };
  until.then(stop, stop);
  const samples: number[] = [];
  try {
    while (!done) {
      samples.push(await timedGet(url, agent));
      await new Promise((resolve) => setTimeout(resolve, READ_PAUSE_MS));
    }
  } finally {
    agent.destroy();
  }
  return samples;
}

/**
 * An admin uploads the sales file through the API (as the Database Manager's import does) while other
 * users read each of `urls` on connections of their own; answers the upload's rows per second and the
 * latency of those reads during it. `cookie` is the admin's session.
 */
export async function readsDuringUpload(
  base: string,
  file: string,
  cookie: string,
  urls: readonly string[],
): Promise<ReadsDuringUpload> {
  for (const url of urls) await timedGet(url, new http.Agent());
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file), path.basename(file));
  const started = performance.now();
  const upload = fetch(`${base}/api/admin/sales/import`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  }).then(async (response) => {
    const body = (await response.json()) as { imported?: number };
    if (response.status !== 200 || body.imported === undefined) {
      throw new Error(`The upload answered ${response.status}: ${JSON.stringify(body)}`);
    }
    return { imported: body.imported, seconds: (performance.now() - started) / 1000 };
  });
  const [{ imported, seconds }, ...samples] = await Promise.all([
    upload,
    ...urls.map((url) => readUntil(url, upload)),
  ]);
  return {
    rowsPerSecond: imported / seconds,
    imported,
    reads: urls.map((url, at) => ({ url, latency: percentiles(samples[at]!), count: samples[at]!.length })),
  };
}

/** Signs the admin in through the API; answers the session cookie. */
export async function adminCookie(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const session = response.headers.getSetCookie().find((cookie) => /holoscope_session=/.test(cookie));
  if (response.status !== 200 || !session) throw new Error(`Signing the admin in failed: ${response.status}`);
  return session.split(';')[0]!;
}
