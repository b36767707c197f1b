// The client of the interleaved measure, in a process of its own so its work and pauses are not the
// servers'. Started by interleavedLatency() in bench/measure.ts through fork(): it is sent pairs of URLs
// (the app's and the bare server's for the same answer), asks each pair's two in turn, alternating which
// goes first, over one keep-alive connection per server, and sends back every timing in milliseconds.

import http from 'node:http';

export interface InterleavedJob {
  pairs: [app: string, bare: string][];
  warmUp: number;
}

export interface InterleavedSamples {
  app: number[];
  bare: number[];
}

const appAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const bareAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function timedGet(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
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

async function run(job: InterleavedJob): Promise<InterleavedSamples> {
  const samples: InterleavedSamples = { app: [], bare: [] };
  for (let index = 0; index < job.pairs.length; index++) {
    const [appUrl, bareUrl] = job.pairs[index]!;
    const appFirst = index % 2 === 0;
    const first = await timedGet(appFirst ? appUrl : bareUrl, appFirst ? appAgent : bareAgent);
    const second = await timedGet(appFirst ? bareUrl : appUrl, appFirst ? bareAgent : appAgent);
    if (index < job.warmUp) continue;
    samples.app.push(appFirst ? first : second);
    samples.bare.push(appFirst ? second : first);
  }
  return samples;
}

process.once('message', (job: InterleavedJob) => {
  run(job).then(
    (samples) => process.send?.({ samples }, () => process.exit(0)),
    (error: Error) => process.send?.({ error: error.message }, () => process.exit(1)),
  );
});
