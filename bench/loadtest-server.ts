// The server under load, in a process of its own so its memory can be read apart from the load generator's
// (bench/loadtest.ts) and its latency measured as production runs it (bench/run.ts). Started through fork():
// LOADTEST_SCHEMA names the Postgres schema (the environment has no setting for it); the port goes back over
// the IPC channel, and so does memory after a full GC. Logs at LOG_LEVEL, to standard output.

import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/env.ts';

const schema = process.env.LOADTEST_SCHEMA;
const config = {
  ...loadConfig(),
  ...(schema ? { databaseSchema: schema } : {}),
  webDir: undefined,
};
const app = await buildApp(config, config.logLevel === 'silent' ? { logger: false } : {});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const collectGarbage = (globalThis as { gc?: () => void }).gc;
process.on('message', (message: unknown) => {
  if (message === 'memory') {
    collectGarbage?.();
    process.send?.({ memory: process.memoryUsage() });
  } else if (message === 'stop') {
    void app.close().then(() => process.exit(0));
  }
});
process.send?.({ port });
