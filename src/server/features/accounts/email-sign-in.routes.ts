import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmailBodySchema,
  EmailVerifiedSchema,
  MailRequestedSchema,
  PasswordResetBodySchema,
  SignedInResponseSchema,
  TokenBodySchema,
} from '#shared/schemas/accounts.ts';
import { ErrorBodySchema, errorResponses } from '#shared/schemas/common.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import * as repo from './accounts.repository.ts';
import { toSessionUser } from './accounts.service.ts';
import {
  type AccountMailDeps,
  requestEmailLink,
  requestPasswordReset,
  resetPassword,
  sendVerificationMail,
  signInWithEmailLink,
  verifyEmail,
} from './email-sign-in.service.ts';
import { requireUser } from './guards.ts';
import { AUTH_RATE_LIMITS, perIpLimit } from './per-ip-limit.ts';
import type { SignInCookies } from './sign-in-cookies.ts';

const linkErrors = { 410: ErrorBodySchema, ...errorResponses };

/**
 * Signing in by email link, password reset and email verification (docs/product.md §5). A request for a
 * mail answers 202 with the same body whether or not the address has an account.
 */
export function emailSignInRoutes(
  context: AppContext,
  mail: AccountMailDeps,
  cookies: SignInCookies,
): FastifyPluginAsync {
  const { db } = context.database;
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const limited = { config: perIpLimit(AUTH_RATE_LIMITS.mailAndLinks) };

    app.post(
      '/api/auth/email-link',
      {
        ...limited,
        schema: {
          tags: ['accounts'],
          summary: 'Email a one-time sign-in link (15 minutes); the same answer for every address',
          body: EmailBodySchema,
          response: { 202: MailRequestedSchema, ...linkErrors },
        },
      },
      async (request, reply) => {
        await requestEmailLink(mail, request.body, request.ip);
        reply.status(202);
        return { sent: true as const };
      },
    );

    app.post(
      '/api/auth/email-link/verify',
      {
        ...limited,
        schema: {
          tags: ['accounts'],
          summary: 'Sign in with the token of an email link; used, expired and unknown tokens are refused',
          body: TokenBodySchema,
          response: { 200: SignedInResponseSchema, ...linkErrors },
        },
      },
      async (request, reply) => {
        const user = await signInWithEmailLink(db, request.body.token);
        await cookies.signIn(request, reply, user.id, cookies.deviceOf(request) ?? undefined);
        return { user: toSessionUser(user) };
      },
    );

    app.post(
      '/api/auth/password-reset',
      {
        ...limited,
        schema: {
          tags: ['accounts'],
          summary: 'Email a password reset link (30 minutes); the same answer for every address',
          body: EmailBodySchema,
          response: { 202: MailRequestedSchema, ...linkErrors },
        },
      },
      async (request, reply) => {
        await requestPasswordReset(mail, request.body, request.ip);
        reply.status(202);
        return { sent: true as const };
      },
    );

    app.post(
      '/api/auth/password-reset/complete',
      {
        ...limited,
        schema: {
          tags: ['accounts'],
          summary:
            'Set a new password with a reset link’s token; every other session ends, and this one begins',
          body: PasswordResetBodySchema,
          response: { 200: SignedInResponseSchema, ...linkErrors },
        },
      },
      async (request, reply) => {
        const user = await resetPassword(context, request.body);
        await cookies.signIn(request, reply, user.id, cookies.deviceOf(request) ?? undefined);
        return { user: toSessionUser(user) };
      },
    );

    app.post(
      '/api/auth/email-verification',
      {
        ...limited,
        schema: {
          tags: ['accounts'],
          summary: 'Send the signed-in user’s address a new verification link (24 hours)',
          response: { 202: MailRequestedSchema, ...linkErrors },
        },
      },
      async (request, reply) => {
        const signedIn = requireUser(request);
        const user = await repo.findUserById(db, signedIn.id);
        if (!user) throw notFound();
        await sendVerificationMail(mail, user, request.ip);
        reply.status(202);
        return { sent: true as const };
      },
    );

    app.post(
      '/api/auth/email-verification/verify',
      {
        ...limited,
        schema: {
          tags: ['accounts'],
          summary: 'Verify an address with the token of its verification link (no sign-in needed)',
          body: TokenBodySchema,
          response: { 200: EmailVerifiedSchema, ...linkErrors },
        },
      },
      async (request) => {
        await verifyEmail(db, request.body.token);
        return { emailVerified: true as const };
      },
    );
  };
}
