import { type ChildProcess, fork, type Serializable } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import type { BareAnswers } from './bare-server.ts';
import type { InterleavedJob, InterleavedSamples } from './interleaved-client.ts';

export interface Latency {
  p50: number;
  p99: number;
}

export function percentiles(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

/** One keep-alive connection for timed requests: fetch adds client-side pauses of its own to the tail. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string, headers: http.OutgoingHttpHeaders): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/**
 * Sequential requests, one at a time, timed from send to last byte; `before` runs untimed before each, and
 * every request carries `headers` (a session cookie, say). The heap is collected first (`npm run bench`
 * exposes V8's gc), so a run is not charged for the garbage the runs before it left, such as a card read
 * whole 30 times, whose collection would otherwise land in this run's requests.
 */
export async function sequentialLatency(
  urls: readonly string[],
  before: () => void | Promise<void> = () => {},
  headers: http.OutgoingHttpHeaders = {},
): Promise<Latency> {
  globalThis.gc?.();
  const samples: number[] = [];
  for (const url of urls) {
    await before();
    const started = performance.now();
    const status = await get(url, headers);
    samples.push(performance.now() - started);
    if (status !== 200) throw new Error(`${url} answered ${status}`);
  }
  return percentiles(samples);
}

/** Requests per second under load from a worker thread, so the load generator does not share our event loop. */
export async function throughput(url: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections: 16, duration: seconds, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** A bare Node.js server that answers every request with the given bytes: the ceiling to compare against. */
export async function bareServer(
  body: Buffer,
  contentType: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': body.byteLength });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function formatMs(value: number): string {
  return `${value.toFixed(2)} ms`;
}

function forkReady<T>(script: string, message: unknown): { child: ChildProcess; answer: Promise<T> } {
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const answer = new Promise<T>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before answering`)));
    child.once('message', (reply: T & { error?: string }) => {
      if (reply.error) reject(new Error(reply.error));
      else resolve(reply);
    });
  });
  child.send(message as Serializable);
  return { child, answer };
}

export interface InterleavedLatency {
  app: Latency;
  bare: Latency;
}

/**
 * The app against a bare Node.js server answering the same bytes, request by request: a client in a process
 * of its own asks the app and then the bare server (or the other way round, in turn) for each URL, so both
 * meet the same moments of a shared, busy machine and their ratio is fair. The bare server also runs in a
 * process of its own. `warmUp` pairs are asked first and not counted.
 */
export async function interleavedLatency(
  urls: readonly string[],
  warmUp: number,
): Promise<InterleavedLatency> {
  const bodies: Record<string, string> = {};
  let contentType = '';
  for (const url of new Set(urls)) {
    const response = await fetch(url);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    contentType = response.headers.get('content-type') ?? '';
    const { pathname, search } = new URL(url);
    bodies[pathname + search] = Buffer.from(await response.arrayBuffer()).toString('base64');
  }
  const bare = forkReady<{ port: number }>('bench/bare-server.ts', {
    contentType,
    bodies,
  } satisfies BareAnswers);
  try {
    const { port } = await bare.answer;
    const pairs = urls.map((url): [string, string] => {
      const { pathname, search } = new URL(url);
      return [url, `http://127.0.0.1:${port}${pathname}${search}`];
    });
    const client = forkReady<{ samples: InterleavedSamples }>('bench/interleaved-client.ts', {
      pairs: [...pairs.slice(0, warmUp), ...pairs],
      warmUp,
    } satisfies InterleavedJob);
    const { samples } = await client.answer;
    return { app: percentiles(samples.app), bare: percentiles(samples.bare) };
  } finally {
    bare.child.disconnect();
  }
}
