import crypto from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';

/** docs/decisions/006-sessions.md explains these numbers. */
export const SESSION_COOKIE = 'holoscope_session';

/**
 * A secure cookie's name carries the `__Host-` prefix: a browser then keeps it only when it is Secure, has
 * Path=/ and no Domain, so neither a subdomain nor a plain-http page can plant or overwrite it. The prefix
 * needs Secure, so a server without secure cookies (plain-http development) uses the bare name.
 */
export function cookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}
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

/** When a session ends if it is not used again: its absolute expiry, or the idle limit after its last use. */
export function sessionEndsAt(expiresAt: string, lastSeenAt: string): string {
  const idleEnd = new Date(new Date(lastSeenAt).getTime() + SESSION_IDLE_MS).toISOString();
  return idleEnd < expiresAt ? idleEnd : expiresAt;
}

export function needsTouch(lastSeenAt: string, now: Date): boolean {
  return lastSeenAt <= new Date(now.getTime() - SESSION_TOUCH_MS).toISOString();
}
