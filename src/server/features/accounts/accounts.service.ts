import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { findCountry } from '#shared/countries.ts';
import { MESSAGES } from '#shared/errors.ts';
import {
  couldNameAnAccount,
  firstRegistrationProblem,
  isValidEmail,
  normaliseEmail,
  PASSWORD_MIN_LENGTH,
  REGISTRATION_MESSAGES,
} from '#shared/registration.ts';
import type { LoginBody, RegisterBody, SessionUser } from '#shared/schemas/accounts.ts';
import { SAFETY_MESSAGES } from '#shared/schemas/safety.ts';
import { normaliseUsername, usernameKey } from '#shared/usernames.ts';
import { addressKey } from '../../client-address.ts';
import type { AppContext } from '../../context.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { toBoolean } from '../../db/schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import { mediaUrl } from '../../media/media-store.ts';
import * as repo from './accounts.repository.ts';
import { DEVICE_KEY_SECRET, type KnownDevice, newDeviceId } from './known-devices.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password.ts';
import {
  isSessionLive,
  needsTouch,
  newSessionTimes,
  newSessionToken,
  SESSION_IDLE_MS,
  sessionEndsAt,
  sessionIdOf,
} from './sessions.ts';
import { FAILURE_WINDOW_MS, secondsToWait } from './sign-in-throttle.ts';

type Db = Kysely<Database>;

export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    country: row.country,
    countryCode: row.country_code,
    isAdmin: toBoolean(row.is_admin),
    createdAt: row.created_at,
    profileImageUrl: mediaUrl(row.profile_image),
    bannerImageUrl: mediaUrl(row.banner_image),
    emailVerified: row.email_verified_at !== null,
  };
}

export function waitMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds === 1
      ? '1 second'
      : seconds < 60
        ? `${seconds} seconds`
        : minutes === 1
          ? '1 minute'
          : `${minutes} minutes`;
  return `Too many attempts. Please try again in ${wait}.`;
}

function rateLimited(seconds: number): AppError {
  return new AppError(429, 'rate-limited', waitMessage(seconds), undefined, {
    'retry-after': String(seconds),
  });
}

/** docs/product.md §5's rules first (their messages, in their order), then what only the server can know. */
export async function register(db: Db, body: RegisterBody): Promise<UserRow> {
  const problem = firstRegistrationProblem(body);
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
  const country = findCountry(body.countryCode);
  if (!country) {
    const message = REGISTRATION_MESSAGES.countryNotPicked;
    throw badRequest(message, { country: message });
  }
  const email = normaliseEmail(body.email);
  if (!isValidEmail(email)) throw new AppError(400, 'invalid-email', MESSAGES.invalidEmail);
  // Spaces around a password count towards the rule above, but not towards its strength.
  if (body.password.trim().length < PASSWORD_MIN_LENGTH) {
    throw new AppError(400, 'weak-password', MESSAGES.weakPassword);
  }
  const username = normaliseUsername(body.username);
  await assertAvailable(db, email, usernameKey(username));

  const user: repo.NewUser = {
    id: crypto.randomUUID(),
    email,
    username,
    username_key: usernameKey(username),
    password_hash: await hashPassword(body.password),
    country: country.name,
    country_code: country.code,
    is_admin: false,
    created_at: new Date().toISOString(),
  };
  try {
    await repo.insertUser(db, user);
  } catch (error) {
    // Two sign-ups for the same email or username at once: the loser gets the same answer as if it came second.
    await assertAvailable(db, email, user.username_key);
    throw error;
  }
  const stored = await repo.findUserById(db, user.id);
  if (!stored) throw new Error('The new account could not be read back');
  return stored;
}

async function assertAvailable(db: Db, email: string, key: string): Promise<void> {
  if (await repo.findUserByEmail(db, email)) {
    throw new AppError(409, 'email-already-in-use', MESSAGES.emailInUse);
  }
  if (await repo.isUsernameTaken(db, key)) {
    throw new AppError(409, 'conflict', MESSAGES.usernameTaken, { username: MESSAGES.usernameTaken });
  }
}

/** Who is signing in: the address the attempt came from, and the known device it carries, if any. */
export interface SignInClient {
  address: string;
  device: KnownDevice | null;
}

/**
 * Checks a sign-in; on success, the user and the device to remember this browser as. An unknown email and a
 * wrong password get the same answer after the same work (a password hash is checked either way), so nobody
 * can learn which emails have accounts. Guessing is slowed per account and client, and strangers' failures
 * never slow the account's own known device (sign-in-throttle.ts).
 */
export async function login(
  db: Db,
  body: LoginBody,
  client: SignInClient,
  now = new Date(),
): Promise<{ user: UserRow; device: KnownDevice }> {
  const email = normaliseEmail(body.email);
  if (!couldNameAnAccount(email)) throw new AppError(400, 'invalid-email', MESSAGES.invalidEmail);
  if (body.password === '') throw badRequest(REGISTRATION_MESSAGES.passwordRequired);

  const user = await repo.findUserByEmail(db, email);
  const device = user && client.device?.userId === user.id ? client.device : null;
  const clientKey = device ? `device:${device.deviceId}` : `address:${addressKey(client.address)}`;
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  const tallies = await repo.loginFailureTallies(db, email, clientKey, since);
  const wait = secondsToWait(tallies, device !== null, now);
  if (wait > 0) throw rateLimited(wait);

  const valid = user
    ? await verifyPassword(user.password_hash, body.password)
    : await verifyAgainstNothing(body.password);
  if (!user || !valid) {
    await repo.recordLoginFailure(
      db,
      { id: crypto.randomUUID(), email_key: email, client: clientKey, at: now.toISOString() },
      since,
    );
    throw new AppError(401, 'invalid-credentials', MESSAGES.invalidCredentials);
  }
  await repo.forgetClientFailures(db, email, clientKey);
  return { user, device: device ?? { userId: user.id, deviceId: newDeviceId() } };
}

/** The deployment's key for signing known-device cookies, shared by every instance through the database. */
export function deviceCookieKey(db: Db): Promise<string> {
  return repo.findSecret(db, DEVICE_KEY_SECRET);
}

/**
 * A fresh token for every sign-in; the user's dead sessions are swept at the same time. The browser's
 * User-Agent names the session in the Security section's list of signed-in devices. A suspended account
 * gets no session (403).
 */
export async function startSession(db: Db, userId: string, userAgent?: string, now = new Date()) {
  // Every way in ends here, once the person has proven who they are, so the refusal tells nobody else.
  if ((await repo.findUserById(db, userId))?.suspended_at) {
    throw new AppError(403, 'forbidden', SAFETY_MESSAGES.suspended);
  }
  const token = newSessionToken();
  const times = newSessionTimes(now);
  await repo.deleteDeadSessions(
    db,
    userId,
    now.toISOString(),
    new Date(now.getTime() - SESSION_IDLE_MS).toISOString(),
  );
  await repo.insertSession(db, {
    id: sessionIdOf(token),
    userId,
    userAgent: userAgentOf(userAgent),
    ...times,
  });
  return { token, expiresAt: times.expiresAt };
}

/**
 * Revokes a session (sign-out, or a new sign-in on the same browser) and tells every instance, so its open
 * live streams end too.
 */
export async function endSession(
  context: Pick<AppContext, 'database' | 'live'>,
  token: string,
): Promise<void> {
  const sessionId = sessionIdOf(token);
  const userId = await repo.deleteSession(context.database.db, sessionId);
  if (userId) await context.live.publish({ type: 'session-ended', userId, to: [userId], sessionId });
}

/** A live session: its id (the token's SHA-256) and when it ends unless it is used again. */
export interface ActiveSession {
  id: string;
  endsAt: string;
}

/** Long enough for any real browser's User-Agent; a longer one only costs storage. */
const USER_AGENT_MAX_LENGTH = 512;

function userAgentOf(header: string | undefined): string | null {
  return header ? header.slice(0, USER_AGENT_MAX_LENGTH) : null;
}

/**
 * The signed-in user and session of a token, or null when the token is unknown, expired or idle too long.
 * The hourly touch also records the browser, so the devices list follows a browser that updates itself.
 */
export async function resolveSession(
  db: Db,
  token: string,
  userAgent?: string,
  now = new Date(),
): Promise<{ user: UserRow; session: ActiveSession } | null> {
  const sessionId = sessionIdOf(token);
  const found = await repo.findSessionWithUser(db, sessionId);
  if (!found) return null;
  if (!isSessionLive(found, now)) {
    await repo.deleteSession(db, sessionId);
    return null;
  }
  let lastSeenAt = found.lastSeenAt;
  if (needsTouch(lastSeenAt, now)) {
    lastSeenAt = now.toISOString();
    await repo.touchSession(db, sessionId, lastSeenAt, userAgentOf(userAgent));
  }
  return { user: found.user, session: { id: sessionId, endsAt: sessionEndsAt(found.expiresAt, lastSeenAt) } };
}
