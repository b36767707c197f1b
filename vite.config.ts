import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  root: path.resolve('src/web'),
  publicDir: path.resolve('src/web/public'),
  plugins: [react(), tailwindcss()],
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
