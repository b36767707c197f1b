import type { FastifyPluginAsync } from 'fastify';
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
import { endSession, login, register, toSessionUser, waitMessage } from './accounts.service.ts';
import { newDeviceId } from './known-devices.ts';
import { verifyAgainstNothing } from './password.ts';
import { cookieName, SESSION_COOKIE, sessionCookieOptions } from './sessions.ts';
import { createSignIn } from './sign-in.ts';

/** Requests per IP address per minute; failed sign-ins are also slowed per account and client (sign-in-throttle.ts). */
export const AUTH_RATE_LIMITS = { login: 30, register: 20 } as const;

export function perIpLimit(max: number) {
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

  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const signIn = await createSignIn(context);

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
          device: signIn.readDevice(request),
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
