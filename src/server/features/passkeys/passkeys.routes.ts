import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SignedInResponseSchema } from '#shared/schemas/accounts.ts';
import { ErrorBodySchema, errorResponses } from '#shared/schemas/common.ts';
import {
  PasskeyIdParamsSchema,
  PasskeyOptionsResponseSchema,
  PasskeyRegistrationBodySchema,
  PasskeySchema,
  PasskeySignInBodySchema,
  PasskeysResponseSchema,
  RenamePasskeyBodySchema,
} from '#shared/schemas/security.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { siteOrigin } from '../../origin-check.ts';
import {
  cookieName,
  findUserById,
  requireUser,
  signInCookies,
  toSessionUser,
  waitMessage,
} from '../accounts/public.ts';
import {
  addPasskey,
  CHALLENGE_TTL_MS,
  listPasskeys,
  newChallengeToken,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
  signInOptions,
  verifySignIn,
} from './passkeys.service.ts';

/** The cookie naming the server-side challenge of a passkey prompt in progress (decision 043). */
const CHALLENGE_COOKIE = 'holoscope_webauthn';
/** Passkey sign-ins per IP address per minute, as for password sign-ins. */
const SIGN_INS_PER_MINUTE = 30;

/** Passkeys: adding, renaming and removing them on the own profile, and signing in with one. */
export function passkeysRoutes(context: AppContext): FastifyPluginAsync {
  const { db } = context.database;
  const secure = context.config.secureCookies;
  const challengeCookie = cookieName(CHALLENGE_COOKIE, secure);
  const relyingParty = (request: FastifyRequest) => relyingPartyOf(siteOrigin(context.config, request));
  const challengeCookieOptions = {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure,
    maxAge: CHALLENGE_TTL_MS / 1000,
  } as const;

  /** A fresh challenge cookie for a new prompt; the token it carries names the challenge on the server. */
  function startCeremony(reply: FastifyReply): string {
    const token = newChallengeToken();
    reply.setCookie(challengeCookie, token, challengeCookieOptions);
    return token;
  }

  /** The challenge cookie of the prompt that ends now; it is removed whatever the outcome. */
  function endCeremony(request: FastifyRequest, reply: FastifyReply): string | undefined {
    reply.clearCookie(challengeCookie, challengeCookieOptions);
    return request.cookies[challengeCookie];
  }

  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const cookies = await signInCookies(context);

    app.get(
      '/api/me/passkeys',
      {
        schema: {
          tags: ['passkeys'],
          summary: "The signed-in user's passkeys, with their names and last use",
          response: { 200: PasskeysResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ passkeys: await listPasskeys(db, requireUser(request).id) }),
    );

    app.post(
      '/api/me/passkeys/options',
      {
        schema: {
          tags: ['passkeys'],
          summary: "Start adding a passkey: the options for the browser's prompt, and a challenge cookie",
          response: { 200: PasskeyOptionsResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        return registrationOptions(db, relyingParty(request), user, startCeremony(reply));
      },
    );

    app.post(
      '/api/me/passkeys',
      {
        schema: {
          tags: ['passkeys'],
          summary: 'Add the passkey the browser made; it is named after the browser',
          body: PasskeyRegistrationBodySchema,
          response: { 201: PasskeySchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const token = endCeremony(request, reply);
        const passkey = await addPasskey(
          db,
          relyingParty(request),
          user,
          request.body,
          token,
          request.headers['user-agent'],
        );
        reply.status(201);
        return passkey;
      },
    );

    app.put(
      '/api/me/passkeys/:id',
      {
        schema: {
          tags: ['passkeys'],
          summary: 'Rename a passkey',
          params: PasskeyIdParamsSchema,
          body: RenamePasskeyBodySchema,
          response: { 200: PasskeySchema, ...errorResponses },
        },
      },
      async (request) => renamePasskey(db, requireUser(request).id, request.params.id, request.body.name),
    );

    app.delete(
      '/api/me/passkeys/:id',
      {
        schema: {
          tags: ['passkeys'],
          summary: 'Remove a passkey: it signs in no more. Refused when it is the only way into the account',
          params: PasskeyIdParamsSchema,
          response: { 200: PasskeysResponseSchema, 409: ErrorBodySchema, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { identityProviders, smtpUrl } = context.config;
        await removePasskey(
          context.database,
          identityProviders,
          user.id,
          request.params.id,
          Boolean(smtpUrl),
        );
        return { passkeys: await listPasskeys(db, user.id) };
      },
    );

    const signInLimit = {
      rateLimit: {
        max: SIGN_INS_PER_MINUTE,
        timeWindow: 60_000,
        errorResponseBuilder: (_request: unknown, limit: { ttl: number }) =>
          new AppError(429, 'rate-limited', waitMessage(Math.max(1, Math.ceil(limit.ttl / 1000)))),
      },
    };

    app.post(
      '/api/auth/passkey/options',
      {
        config: signInLimit,
        schema: {
          tags: ['passkeys'],
          summary:
            "Start signing in with a passkey: the options for the browser's prompt, and a challenge cookie",
          response: { 200: PasskeyOptionsResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => signInOptions(db, relyingParty(request), startCeremony(reply)),
    );

    app.post(
      '/api/auth/passkey',
      {
        config: signInLimit,
        schema: {
          tags: ['passkeys'],
          summary: 'Sign in with a passkey; a new session token every time',
          body: PasskeySignInBodySchema,
          response: { 200: SignedInResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const token = endCeremony(request, reply);
        const userId = await verifySignIn(db, relyingParty(request), request.body, token);
        const user = await findUserById(db, userId);
        if (!user) throw new Error('A passkey outlived its account');
        await cookies.signIn(request, reply, user.id, cookies.deviceOf(request) ?? undefined);
        return { user: toSessionUser(user) };
      },
    );
  };
}
