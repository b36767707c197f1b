import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LoginBodySchema,
  RegisterBodySchema,
  SessionResponseSchema,
  SignedInResponseSchema,
} from '#shared/schemas/accounts.ts';
import { ErrorBodySchema, errorResponses } from '#shared/schemas/common.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  deviceCookieKey,
  endSession,
  login,
  register,
  startSession,
  toSessionUser,
  waitMessage,
} from './accounts.service.ts';
import {
  DEVICE_COOKIE,
  deviceCookieOptions,
  deviceCookieValue,
  type KnownDevice,
  newDeviceId,
  readDeviceCookie,
} from './known-devices.ts';
import { verifyAgainstNothing } from './password.ts';
import { cookieName, SESSION_COOKIE, sessionCookieOptions } from './sessions.ts';

/** Requests per IP address per minute; failed sign-ins are also slowed per account and client (sign-in-throttle.ts). */
export const AUTH_RATE_LIMITS = { login: 30, register: 20 } as const;

function perIpLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      errorResponseBuilder: (_request: unknown, context: { ttl: number }) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError(429, 'rate-limited', waitMessage(seconds));
      },
    },
  };
}

export function accountsRoutes(context: AppContext): FastifyPluginAsync {
  const { db } = context.database;
  const secure = context.config.secureCookies;
  const sessionCookie = cookieName(SESSION_COOKIE, secure);
  const deviceCookie = cookieName(DEVICE_COOKIE, secure);

  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const deviceKey = await deviceCookieKey(db);

    /** A new session for the user, and this browser remembered as one of theirs. */
    async function signIn(request: FastifyRequest, reply: FastifyReply, device: KnownDevice) {
      const previousToken = request.cookies[sessionCookie];
      if (previousToken) await endSession(context, previousToken);
      const session = await startSession(db, device.userId, request.headers['user-agent']);
      reply.setCookie(sessionCookie, session.token, sessionCookieOptions(secure, session.expiresAt));
      reply.setCookie(deviceCookie, deviceCookieValue(deviceKey, device), deviceCookieOptions(secure));
    }

    // The first unknown-email sign-in would otherwise also pay for making the stand-in hash.
    void verifyAgainstNothing('');

    app.post(
      '/api/auth/register',
      {
        config: perIpLimit(AUTH_RATE_LIMITS.register),
        schema: {
          tags: ['accounts'],
          summary: 'Create an account (never an admin) and sign in',
          body: RegisterBodySchema,
          response: { 201: SignedInResponseSchema, 409: ErrorBodySchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = await register(db, request.body);
        await signIn(request, reply, { userId: user.id, deviceId: newDeviceId() });
        reply.status(201);
        return { user: toSessionUser(user) };
      },
    );

    app.post(
      '/api/auth/login',
      {
        config: perIpLimit(AUTH_RATE_LIMITS.login),
        schema: {
          tags: ['accounts'],
          summary: 'Sign in with email and password; a new session token every time',
          body: LoginBodySchema,
          response: { 200: SignedInResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { user, device } = await login(db, request.body, {
          address: request.ip,
          device: readDeviceCookie(deviceKey, request.cookies[deviceCookie]),
        });
        await signIn(request, reply, device);
        return { user: toSessionUser(user) };
      },
    );

    app.post(
      '/api/auth/logout',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Sign out: the session is revoked on the server and the cookie removed',
          response: { 200: SessionResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const token = request.cookies[sessionCookie];
        if (token) await endSession(context, token);
        reply.clearCookie(sessionCookie, sessionCookieOptions(secure));
        return { user: null };
      },
    );

    app.get(
      '/api/auth/session',
      {
        schema: {
          tags: ['accounts'],
          summary: 'The signed-in user, or null',
          response: { 200: SessionResponseSchema },
        },
      },
      async (request) => ({ user: request.user }),
    );
  };
}
