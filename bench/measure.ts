import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';

export interface Latency {
  p50: number;
  p99: number;
}

function percentiles(samples: number[]): Latency {
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
 * every request carries `headers` (a session cookie, say).
 */
export async function sequentialLatency(
  urls: readonly string[],
  before: () => void = () => {},
  headers: http.OutgoingHttpHeaders = {},
): Promise<Latency> {
  const samples: number[] = [];
  for (const url of urls) {
    before();
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
