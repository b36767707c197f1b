import { PSA_STAND_IN_TOKEN, startPsaStandIn } from './psa-stand-in.ts';

// The browser tests' PSA: the app under test is pointed at this process (see playwright.config.ts).
const port = Number(process.env.PSA_STAND_IN_PORT ?? '0');
const standIn = await startPsaStandIn({ port, token: process.env.PSA_STAND_IN_TOKEN ?? PSA_STAND_IN_TOKEN });
console.info(`PSA stand-in answering at ${standIn.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    standIn.close().then(() => process.exit(0));
  });
}
