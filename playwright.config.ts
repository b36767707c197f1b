import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/chromium.mjs';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// Workers load this file again; the environment carries the first choice so all of them agree.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-e2e-'));
process.env.E2E_PSA_PORT ??= String(await freePort());
process.env.CHROMIUM_PATH ??= await chromiumPath();
process.env.E2E_OIDC_PORT ??= String(await freePort());
process.env.E2E_SMTP_PORT ??= String(await freePort());
process.env.E2E_SMTP_HTTP_PORT ??= String(await freePort());
// localhost, not 127.0.0.1: WebAuthn needs a domain for its relying party id, and localhost is one that
// browsers treat as secure over plain http, so the passkey tests run against the same server as the rest.
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
// The app's PSA in browser tests: a local stand-in answering in PSA's shapes (tests/helpers/psa-stand-in.ts).
const psaStandIn = `http://127.0.0.1:${process.env.E2E_PSA_PORT}`;
const psaToken = 'e2e-psa-token';
// The app's identity provider in browser tests: a real OpenID provider (tests/helpers/oidc-test-provider.ts).
const oidcIssuer = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;
const oidcSecret = 'e2e-oidc-client-secret';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The app's service worker (decision 051) would fetch the whole shell in every test's fresh browser and
    // answer requests that the tests' routes mean to catch; only tests/e2e/scan-offline.spec.ts lets it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 780 } },
      grep: /@mobile/,
    },
  ],
  webServer: [
    {
      // The app's mail server: a real SMTP server whose mails the tests read over HTTP (tests/e2e/mail.ts).
      command: 'node --import tsx tests/helpers/smtp-inbox-server.ts',
      url: `http://127.0.0.1:${process.env.E2E_SMTP_HTTP_PORT}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        SMTP_INBOX_PORT: String(process.env.E2E_SMTP_PORT),
        SMTP_INBOX_HTTP_PORT: String(process.env.E2E_SMTP_HTTP_PORT),
      },
    },
    {
      command: 'node --import tsx tests/helpers/psa-stand-in-server.ts',
      url: `${psaStandIn}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { PSA_STAND_IN_PORT: String(process.env.E2E_PSA_PORT), PSA_STAND_IN_TOKEN: psaToken },
    },
    {
      command: 'node --import tsx tests/helpers/oidc-provider-server.ts',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        OIDC_TEST_PROVIDER_PORT: String(process.env.E2E_OIDC_PORT),
        OIDC_TEST_PROVIDER_CALLBACK: `${baseURL}/api/auth/oidc/oidc/callback`,
        OIDC_TEST_PROVIDER_SECRET: oidcSecret,
      },
    },
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${process.env.E2E_PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: process.env.E2E_PORT,
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        DEMO_SALES: '6000',
        PUBLIC_ORIGIN: baseURL,
        SECURE_COOKIES: 'false',
        ADMIN_EMAIL: 'admin@holoscope.test',
        ADMIN_PASSWORD: 'admin-password-1',
        PSA_API_BASE_URL: `${psaStandIn}/publicapi`,
        PSA_API_TOKEN: psaToken,
        OIDC_ISSUER: oidcIssuer,
        OIDC_CLIENT_ID: 'holoscope-test',
        OIDC_CLIENT_SECRET: oidcSecret,
        OIDC_NAME: 'Kanto ID',
        // The partner file servers of the feeds tests run on this machine.
        FEEDS_ALLOWED_HOSTS: '127.0.0.1',
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      },
    },
  ],
});
