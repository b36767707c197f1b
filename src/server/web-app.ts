import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { cspDirectives, cspHeader } from './security.ts';

const NONCE_PLACEHOLDER = 'CSP_NONCE_PLACEHOLDER';
const NON_PAGE_PREFIXES = ['/api/', '/media/', '/card-images/'];

/**
 * Serves the built single-page app: hashed assets cached for a year, and index.html (with a fresh CSP
 * nonce) for every page route so client-side routing and deep links work.
 */
export function serveWebApp(
  app: FastifyInstance,
  webDir: string | undefined,
  servedOverHttps: boolean,
): void {
  if (!webDir || !fs.existsSync(path.join(webDir, 'index.html'))) return;
  const indexHtml = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const base = cspDirectives(servedOverHttps);
  // The scan page's barcode reader is WebAssembly (zxing-wasm), which the page may compile, not eval.
  const directives = { ...base, 'script-src': [...(base['script-src'] ?? []), "'wasm-unsafe-eval'"] };

  app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset; on a phone's network, size is most of the load time.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  app.register(async (scope) => {
    scope.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (NON_PAGE_PREFIXES.some((prefix) => url.startsWith(prefix))) {
        return reply.status(404).send({ error: { code: 'not-found', message: `No route for GET ${url}` } });
      }
      const file = path.join(webDir, path.normalize(decodeURIComponent(url)));
      if (
        url !== '/' &&
        file.startsWith(webDir + path.sep) &&
        fs.existsSync(file) &&
        fs.statSync(file).isFile()
      ) {
        return reply.sendFile(path.relative(webDir, file));
      }
      const nonce = crypto.randomBytes(16).toString('base64');
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', cspHeader(directives, nonce))
        .send(indexHtml.replaceAll(NONCE_PLACEHOLDER, nonce));
    });
  });
}
