// `npm start`: build the web app when its sources are newer than the build, then run the server in this process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const built = path.resolve('dist/web/index.html');

function newestChange(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['src/web', 'src/shared'].map((dir) => newestChange(path.resolve(dir)));
const stale = !fs.existsSync(built) || Math.max(...sources) > fs.statSync(built).mtimeMs;
if (stale) {
  console.info('Building the web app…');
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The quick start on one's own machine: without NODE_ENV and PUBLIC_ORIGIN it runs outside production, where
// the server takes the address the browser used and this machine's loopback addresses (localhost, 127.0.0.1,
// [::1]) as its own. A production server says NODE_ENV=production and its PUBLIC_ORIGIN (docs/operations.md).
if (!process.env.NODE_ENV && !process.env.PUBLIC_ORIGIN) {
  process.env.NODE_ENV = 'development';
  const port = process.env.PORT || 3000;
  console.info(
    `Serving http://localhost:${port} (also http://127.0.0.1:${port}; set PUBLIC_ORIGIN to serve another address).`,
  );
}

register();
await import('../src/server/main.ts');
