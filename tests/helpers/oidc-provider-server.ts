import { startTestIdentityProvider } from './oidc-test-provider.ts';

// The browser tests' identity provider: the app under test is pointed at this process (see
// playwright.config.ts). Every login there is a new person with a confirmed email.
const port = Number(process.env.OIDC_TEST_PROVIDER_PORT ?? '0');
const provider = await startTestIdentityProvider({
  port,
  redirectUris: [String(process.env.OIDC_TEST_PROVIDER_CALLBACK)],
  clientSecret: process.env.OIDC_TEST_PROVIDER_SECRET,
});
console.info(`Identity provider answering at ${provider.issuer}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    provider.close().then(() => process.exit(0));
  });
}
