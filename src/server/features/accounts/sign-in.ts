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

export interface SignIn {
  /** A new session for the user (the browser's old one ends), and this browser remembered as one of theirs. */
  (request: FastifyRequest, reply: FastifyReply, device: KnownDevice): Promise<void>;
  /** The known device this browser carries for the user, or a new one. */
  deviceFor(request: FastifyRequest, userId: string): KnownDevice;
  /** The known device this browser carries, whoever it belongs to. */
  readDevice(request: FastifyRequest): KnownDevice | null;
}

/** Every way in ends the same: a fresh session token in the session cookie, never the one the browser had. */
export async function createSignIn(context: AppContext): Promise<SignIn> {
  const { db } = context.database;
  const secure = context.config.secureCookies;
  const sessionCookie = cookieName(SESSION_COOKIE, secure);
  const deviceCookie = cookieName(DEVICE_COOKIE, secure);
  const deviceKey = await deviceCookieKey(db);

  const readDevice = (request: FastifyRequest) => readDeviceCookie(deviceKey, request.cookies[deviceCookie]);
  const signIn = async (request: FastifyRequest, reply: FastifyReply, device: KnownDevice) => {
    const previousToken = request.cookies[sessionCookie];
    if (previousToken) await endSession(context, previousToken);
    const session = await startSession(db, device.userId, request.headers['user-agent']);
    reply.setCookie(sessionCookie, session.token, sessionCookieOptions(secure, session.expiresAt));
    reply.setCookie(deviceCookie, deviceCookieValue(deviceKey, device), deviceCookieOptions(secure));
  };
  return Object.assign(signIn, {
    readDevice,
    deviceFor(request: FastifyRequest, userId: string): KnownDevice {
      const device = readDevice(request);
      return device?.userId === userId ? device : { userId, deviceId: newDeviceId() };
    },
  });
}
