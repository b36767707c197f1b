import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { deviceCookieKey, endSession, startSession } from './accounts.service.ts';
import {
  DEVICE_COOKIE,
  deviceCookieOptions,
  deviceCookieValue,
  type KnownDevice,
  newDeviceId,
  readDeviceCookie,
} from './known-devices.ts';
import { cookieName, SESSION_COOKIE, sessionCookieOptions } from './sessions.ts';

export interface SignInCookies {
  /** The known device this browser's cookie names, if it is one of ours. */
  deviceOf(request: FastifyRequest): KnownDevice | null;
  /**
   * Signs the user in on this browser: whatever session it had ends and a new token is made (never one the
   * browser had before), and the browser is remembered as one of the user's devices.
   */
  signIn(request: FastifyRequest, reply: FastifyReply, userId: string, device?: KnownDevice): Promise<void>;
}

/** Every way in (password, email link, password reset, a provider, a passkey) ends with the same cookies. */
export async function signInCookies(context: AppContext): Promise<SignInCookies> {
  const { db } = context.database;
  const secure = context.config.secureCookies;
  const sessionCookie = cookieName(SESSION_COOKIE, secure);
  const deviceCookie = cookieName(DEVICE_COOKIE, secure);
  const deviceKey = await deviceCookieKey(db);

  function deviceOf(request: FastifyRequest): KnownDevice | null {
    return readDeviceCookie(deviceKey, request.cookies[deviceCookie]);
  }

  async function signIn(request: FastifyRequest, reply: FastifyReply, userId: string, device?: KnownDevice) {
    const previousToken = request.cookies[sessionCookie];
    if (previousToken) await endSession(context, previousToken);
    const session = await startSession(db, userId, request.headers['user-agent']);
    reply.setCookie(sessionCookie, session.token, sessionCookieOptions(secure, session.expiresAt));
    const known = device?.userId === userId ? device : { userId, deviceId: newDeviceId() };
    reply.setCookie(deviceCookie, deviceCookieValue(deviceKey, known), deviceCookieOptions(secure));
  }

  return { deviceOf, signIn };
}
