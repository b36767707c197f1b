import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg|json|txt|wasm)$/;

/** Brotli and gzip copies of every text asset, served by @fastify/static's preCompressed without work per request. */
function precompress(): Plugin {
  return {
    name: 'holoscope-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(options.dir ?? '', fileName);
        const content = fs.readFileSync(file);
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** What the service worker keeps besides the build's scripts and styles (the files of src/web/public). */
const PUBLIC_SHELL = ['/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png'];

/**
 * Writes /sw.js from src/web/service-worker/sw.js with this build's shell: the page itself ('/', served with
 * its policy), every script and style chunk, and the icons. Its version is a hash of that list and the page,
 * so each build that changes anything gets a cache of its own (decision 051).
 */
function serviceWorker(): Plugin {
  return {
    name: 'holoscope-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const built = Object.keys(bundle)
        .filter((fileName) => /\.(js|css)$/.test(fileName))
        .sort()
        .map((fileName) => `/${fileName}`);
      const shell = ['/', ...built, ...PUBLIC_SHELL];
      const page = bundle['index.html'];
      const pageSource = page?.type === 'asset' ? String(page.source) : '';
      const version = crypto
        .createHash('sha256')
        .update(shell.join('\n'))
        .update(pageSource)
        .digest('hex')
        .slice(0, 12);
      const source = fs
        .readFileSync(path.resolve('src/web/service-worker/sw.js'), 'utf8')
        .replace("'__VERSION__'", JSON.stringify(version))
        .replace("['__SHELL__']", JSON.stringify(shell));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  root: path.resolve('src/web'),
  publicDir: path.resolve('src/web/public'),
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  // The server swaps this placeholder for a fresh nonce on every page load (src/server/web-app.ts).
  html: { cspNonce: 'CSP_NONCE_PLACEHOLDER' },
  build: {
    outDir: path.resolve('dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // The budget test reads this manifest to measure what the first page load pulls in.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/card-images': apiTarget,
      '/media': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
