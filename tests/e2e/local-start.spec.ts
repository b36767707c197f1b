import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { newUser } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';

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

async function untilReady(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never answered`);
}

/** `npm start` as a person runs it on their own machine: no NODE_ENV, no PUBLIC_ORIGIN. */
test.describe('the quick start on one’s own machine', () => {
  let server: ChildProcess;
  let port: number;
  let dataDir: string;

  test.beforeAll(async () => {
    port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-local-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'off',
    };
    delete env.NODE_ENV;
    delete env.PUBLIC_ORIGIN;
    server = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: 'ignore' });
    await untilReady(`http://localhost:${port}/readyz`);
  });

  test.afterAll(async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a visitor who types 127.0.0.1 instead of localhost signs up and is signed in', async ({ page }) => {
    const user = newUser();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog', { name: 'Welcome Back' }).getByRole('button', { name: 'Sign up' }).click();
    const sheet = page.getByRole('dialog', { name: 'Create Account' });
    await sheet.getByLabel('Username').fill(user.username);
    await sheet.getByLabel('Email').fill(user.email);
    await sheet.getByLabel('Password', { exact: true }).fill(user.password);
    await sheet.getByLabel('Verify Password').fill(user.password);
    await sheet.getByLabel('Country').fill('Japan');
    await sheet.getByRole('option', { name: 'Japan' }).click();
    await sheet.getByRole('button', { name: 'Create Account' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: `Account menu for ${user.username}` })).toBeVisible();
  });
});
