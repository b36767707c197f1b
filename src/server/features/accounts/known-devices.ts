import crypto from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';

/**
 * The known-device cookie (OWASP's device cookie, ASVS 2.2.1): set on a browser after a successful sign-in,
 * it tells a later sign-in for the same account that it comes from the owner's device, so strangers
 * guessing at the account do not slow it down (docs/decisions/013-sign-in-throttling.md).
 */
export const DEVICE_COOKIE = 'holoscope_device';
/** The name of the deployment's signing key for device cookies in app_secrets (made by migration 004). */
export const DEVICE_KEY_SECRET = 'device-cookie-key';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface KnownDevice {
  userId: string;
  /** Random, per browser: a stolen cookie's failures are counted, and slowed, on their own. */
  deviceId: string;
}

export function newDeviceId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

function signature(key: string, userId: string, deviceId: string): string {
  return crypto.createHmac('sha256', key).update(`${userId}.${deviceId}`).digest('base64url');
}

/** `<user id>.<device id>.<HMAC-SHA256 of both under the deployment's key>`. */
export function deviceCookieValue(key: string, device: KnownDevice): string {
  return `${device.userId}.${device.deviceId}.${signature(key, device.userId, device.deviceId)}`;
}

/** The device a cookie names, or null when it is missing, malformed or not signed with our key. */
export function readDeviceCookie(key: string, value: string | undefined): KnownDevice | null {
  const [userId, deviceId, signed, ...rest] = (value ?? '').split('.');
  if (!userId || !deviceId || !signed || rest.length > 0) return null;
  const expected = Buffer.from(signature(key, userId, deviceId));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { userId, deviceId };
}

/** Sent only to our own site (SameSite=Strict), never to scripts, for a year. */
export function deviceCookieOptions(secure: boolean): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'strict', path: '/', secure, maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS };
}
