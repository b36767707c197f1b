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
import type { AccountMailer } from './account-mailer.ts';
import { endSession, login, register, toSessionUser } from './accounts.service.ts';
import { emailSignInRoutes } from './email-sign-in.routes.ts';
import { type AccountMailDeps, sendVerificationMail } from './email-sign-in.service.ts';
import { verifyAgainstNothing } from './password.ts';
import { AUTH_RATE_LIMITS, perIpLimit } from './per-ip-limit.ts';
import { cookieName, SESSION_COOKIE, sessionCookieOptions } from './sessions.ts';
import { signInCookies } from './sign-in-cookies.ts';

export function accountsRoutes(context: AppContext, mailer: AccountMailer | null): FastifyPluginAsync {
  const { db } = context.database;
  const secure = context.config.secureCookies;
  const sessionCookie = cookieName(SESSION_COOKIE, secure);
  const mail: AccountMailDeps = {
    db,
    mailer,
    origin: context.config.publicOrigin ?? `http://localhost:${context.config.port}`,
  };

  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const cookies = await signInCookies(context);
    await root.register(emailSignInRoutes(context, mail, cookies));

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
        await cookies.signIn(request, reply, user.id);
        // The verification mail is a courtesy at sign-up: the account stands without it, and the profile
        // can send it again.
        if (mailer) {
          await sendVerificationMail(mail, user, request.ip).catch((error: unknown) =>
            request.log.warn({ err: error }, 'the verification email of a new account was not sent'),
          );
        }
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
          device: cookies.deviceOf(request),
        });
        await cookies.signIn(request, reply, user.id, device);
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
