// `npm run dev`: the API restarts on change (tsx watch) and Vite serves the web app with hot reload on PORT.
import { spawn } from 'node:child_process';

const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, NODE_ENV: 'development', API_PORT: apiPort };

const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort, HOST: '127.0.0.1' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', webPort, '--strictPort'], {
    stdio: 'inherit',
    env,
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
