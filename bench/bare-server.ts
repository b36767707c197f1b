// The bare Node.js server of the interleaved measure, in a process of its own: for each path it answers the
// bytes it was given, with their content type and nothing else, as fast as Node.js can. Started by
// interleavedLatency() in bench/measure.ts through fork(); the port goes back over the IPC channel.

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BareAnswers {
  contentType: string;
  /** The body for each path with its query, base64-encoded for the IPC channel. */
  bodies: Record<string, string>;
}

process.once('message', ({ contentType, bodies }: BareAnswers) => {
  const answers = new Map(Object.entries(bodies).map(([path, body]) => [path, Buffer.from(body, 'base64')]));
  const server = http.createServer((request, response) => {
    const body = answers.get(request.url ?? '');
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': contentType, 'content-length': body.byteLength });
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  // The measure is over when the parent lets go of the channel; open keep-alive sockets must not keep us.
  process.on('disconnect', () => process.exit(0));
});
