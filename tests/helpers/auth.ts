import crypto from 'node:crypto';
import type { App } from '#server/app.ts';
import { createOrPromoteAdmin } from '#server/features/accounts/bootstrap-admin.ts';
import { cookieName, SESSION_COOKIE } from '#server/features/accounts/sessions.ts';
import type { SessionUser } from '#shared/schemas/accounts.ts';
import type { TestApp } from './test-app.ts';

export interface TestUser {
  user: SessionUser;
  email: string;
  password: string;
  /** The Cookie header value that signs this user in: `holoscope_session=…` (`__Host-…` when secure). */
  cookie: string;
}

/** A different client address per call, so helpers never run into the per-IP sign-in limits. */
export function someIp(): string {
  const bytes = crypto.randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

const SESSION_COOKIE_NAMES = [SESSION_COOKIE, cookieName(SESSION_COOKIE, true)];

export function sessionCookieOf(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((candidate) => SESSION_COOKIE_NAMES.includes(candidate.name));
  if (!cookie?.value) throw new Error('The response set no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

export function registrationBody(overrides: Record<string, unknown> = {}) {
  const id = crypto.randomBytes(5).toString('hex');
  return {
    username: `collector_${id}`,
    email: `collector_${id}@example.com`,
    password: 'correct horse',
    verifyPassword: 'correct horse',
    country: 'Germany',
    countryCode: 'DE',
    ...overrides,
  };
}

/** Signs up a new collector through the API and returns its session cookie. */
export async function registerUser(app: App, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const body = registrationBody(overrides);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    remoteAddress: someIp(),
  });
  if (response.statusCode !== 201) throw new Error(`Sign-up failed: ${response.statusCode} ${response.body}`);
  return {
    user: response.json().user,
    email: String(body.email),
    password: String(body.password),
    cookie: sessionCookieOf(response),
  };
}

export async function loginUser(app: App, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: someIp(),
  });
  if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
  return sessionCookieOf(response);
}

/** A signed-in admin, made the only way there is: createOrPromoteAdmin, as the CLI does. */
export async function makeAdmin(t: Pick<TestApp, 'app' | 'database'>): Promise<TestUser> {
  const id = crypto.randomBytes(5).toString('hex');
  const email = `admin_${id}@example.com`;
  const password = 'admin password';
  await createOrPromoteAdmin(t.database.handle.db, email, password);
  const cookie = await loginUser(t.app, email, password);
  const session = await t.app.inject({ url: '/api/auth/session', headers: { cookie } });
  return { user: session.json().user, email, password, cookie };
}
