import crypto from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';

/** docs/decisions/006-sessions.md explains these numbers. */
export const SESSION_COOKIE = 'holoscope_session';
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so reading pages does not write on every request. */
const SESSION_TOUCH_MS = 60 * 60 * 1000;

/** 256 random bits; only its SHA-256 is stored, so a leaked sessions table signs nobody in. */
export function newSessionToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sessionIdOf(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function sessionCookieOptions(secure: boolean, expiresAt?: string): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    ...(expiresAt ? { expires: new Date(expiresAt) } : {}),
  };
}

export interface SessionTimes {
  createdAt: string;
  expiresAt: string;
  lastSeenAt: string;
}

export function newSessionTimes(now: Date = new Date()): SessionTimes {
  return {
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
    lastSeenAt: now.toISOString(),
  };
}

/** A session lives until its absolute expiry, and only while it was used within the idle window. */
export function isSessionLive(session: { expiresAt: string; lastSeenAt: string }, now: Date): boolean {
  return (
    session.expiresAt > now.toISOString() &&
    session.lastSeenAt > new Date(now.getTime() - SESSION_IDLE_MS).toISOString()
  );
}

export function needsTouch(lastSeenAt: string, now: Date): boolean {
  return lastSeenAt <= new Date(now.getTime() - SESSION_TOUCH_MS).toISOString();
}
