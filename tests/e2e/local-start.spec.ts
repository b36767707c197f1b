import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
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

/** Three sales of one slab, for its history on PSA Cert Search. */
const SLAB_CERT = '87654321';
const SLAB_SALES = [
  { sale_date: '2024-01-10', price: 900, seller: 'first_owner' },
  { sale_date: '2024-06-02', price: 1_250, seller: 'second_owner' },
  { sale_date: '2025-03-15', price: 1_100, seller: 'third_owner_with_a_long_name' },
].map((sale, index) => ({
  id: `slab-${index}`,
  set_id: 'base_set',
  card_name: 'Blastoise',
  grading_company: 'PSA',
  grade: 9,
  cert_number: SLAB_CERT,
  ...sale,
}));

/** `npm start` as a person runs it on their own machine: no NODE_ENV, no PUBLIC_ORIGIN, no PSA token. */
test.describe('the quick start on one’s own machine', () => {
  // The quiet console below holds with the app's service worker registering, as in a real browser.
  test.use({ serviceWorkers: 'allow' });

  let server: ChildProcess;
  let port: number;
  let dataDir: string;

  test.beforeAll(async () => {
    // An import and a server start of its own, on a busy machine.
    test.setTimeout(180_000);
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
    delete env.PSA_API_TOKEN;
    const file = path.join(dataDir, 'slab.jsonl');
    fs.writeFileSync(file, SLAB_SALES.map((sale) => JSON.stringify(sale)).join('\n'));
    const imported = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/import.ts', file], {
      env,
      encoding: 'utf8',
    });
    expect(imported.status, imported.stderr).toBe(0);
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

  test('without a PSA token, a visitor hears lookups are unavailable and still sees the slab’s sales, aligned on a phone', async ({
    page,
  }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`http://127.0.0.1:${port}/psa-search?cert=${SLAB_CERT}`);
    await expect(page.getByRole('status').filter({ hasText: 'Certificate lookups' })).toHaveText(
      'Certificate lookups are unavailable right now. Please try again later. The sales of this certificate recorded on Holoscope are below.',
    );
    const sales = page.getByRole('region', { name: `Sales of PSA ${SLAB_CERT}` }).getByRole('listitem');
    await expect(sales).toHaveCount(3);
    await expect(sales.nth(0)).toContainText('First sale');
    // Every price, the first sale's too, ends at the same right edge, on the row of its sale.
    const prices = await sales.evaluateAll((rows) =>
      rows.map((row) => {
        const price = [...row.querySelectorAll('p')].find((p) => p.textContent?.startsWith('$'));
        const date = row.querySelector('time');
        const box = price?.getBoundingClientRect();
        return {
          right: box?.right ?? 0,
          top: box?.top ?? 0,
          dateTop: date?.getBoundingClientRect().top ?? -1,
        };
      }),
    );
    for (const price of prices) {
      expect(price.right).toBeCloseTo(prices[0]!.right, 0);
      expect(Math.abs(price.top - price.dateTop)).toBeLessThan(8);
    }
    // Entering the number again asks nothing of PSA, and the console stays quiet.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(sales).toHaveCount(3);
    expect(logged).toEqual([]);
  });
});
