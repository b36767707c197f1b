import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export interface E2eUser {
  id?: string;
  username: string;
  email: string;
  password: string;
}

export function newUser(): E2eUser {
  const id = crypto.randomBytes(4).toString('hex');
  return { username: `Collector${id}`, email: `collector.${id}@example.com`, password: 'charizard-1999' };
}

/**
 * Signs a new collector up through the API in the page's browser context, so the page is signed in from
 * its next load. Country Japan.
 */
export async function registerViaApi(page: Page, user: E2eUser = newUser()): Promise<Required<E2eUser>> {
  const register = () =>
    page.request.post('/api/auth/register', {
      data: { ...user, verifyPassword: user.password, country: 'Japan', countryCode: 'JP' },
    });
  let response = await register();
  // The suite signs up more collectors a minute from one address than a person would, so it waits as a
  // client should when the sign-up limit answers (the limit itself is tested in rate-limits.api.test.ts).
  if (response.status() === 429) {
    await page.waitForTimeout(Number(response.headers()['retry-after'] ?? 60) * 1000);
    response = await register();
  }
  expect(response.status(), await response.text()).toBe(201);
  const { user: created } = (await response.json()) as { user: { id: string } };
  return { ...user, id: created.id };
}

/** Signs in through the account sheet, as a person would. */
export async function loginViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Login' }).click();
  const sheet = page.getByRole('dialog', { name: 'Welcome Back' });
  await sheet.getByLabel('Email').fill(email);
  await sheet.getByLabel('Password', { exact: true }).fill(password);
  await sheet.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(sheet).toBeHidden();
}

/** Makes an admin with `npm run create-admin` against the test server's database, as an operator would. */
export function createAdminViaCli(user: E2eUser = newUser()): E2eUser {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli/create-admin.ts', '--email', user.email, '--password', user.password],
    { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR }, encoding: 'utf8' },
  );
  expect(result.status, result.stderr).toBe(0);
  const username = /\(username (.+)\)/.exec(result.stdout)?.[1];
  expect(username, result.stdout).toBeTruthy();
  return { ...user, username: username ?? '' };
}

export function accountMenu(page: Page, username: string) {
  return page.getByRole('button', { name: `Account menu for ${username}` });
}
