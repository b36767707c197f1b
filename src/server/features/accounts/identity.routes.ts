import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sameSitePath, type SignInProblem } from '#shared/identity-providers.ts';
import { ErrorBodySchema, errorResponses } from '#shared/schemas/common.ts';
import {
  CompletedProviderSignInSchema,
  CompleteProviderSignInBodySchema,
  LinkedProvidersSchema,
  PendingIdentitySchema,
} from '#shared/schemas/identity.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { AUTH_RATE_LIMITS, perIpLimit } from './per-ip-limit.ts';
import { toSessionUser } from './accounts.service.ts';
import { requireUser } from './guards.ts';
import {
  completeProviderAccount,
  FLOW_TTL_MS,
  finishProviderCallback,
  linkedProviders,
  PENDING_TTL_MS,
  pendingIdentityOf,
  startProviderSignIn,
  unlinkProvider,
} from './identity.service.ts';
import { OidcProviderClient } from './oidc-client.ts';
import { cookieName } from './sessions.ts';
import { signInCookies } from './sign-in-cookies.ts';

const FLOW_COOKIE = 'holoscope_oidc_flow';
const PENDING_COOKIE = 'holoscope_oidc_pending';
/** The page that finishes a new identity's account and tells what went wrong otherwise. */
const COMPLETE_PAGE = '/sign-in/complete';

const ProviderParamsSchema = z.object({ providerId: z.string().max(100) });

/**
 * Sign-in with OpenID Connect providers (docs/product.md, "Sign-in with a provider"): start, callback,
 * finishing a new identity's account, and the profile's linked providers.
 */
export function identityRoutes(context: AppContext): FastifyPluginAsync {
  const { db } = context.database;
  const { config } = context;
  const secure = config.secureCookies;
  const flowCookie = cookieName(FLOW_COOKIE, secure);
  const pendingCookie = cookieName(PENDING_COOKIE, secure);
  const clients = new Map(
    config.identityProviders.map((provider) => [provider.id, new OidcProviderClient(provider)]),
  );
  // Lax: the provider sends the browser back with a top-level GET from its own site.
  const baseCookie = { httpOnly: true, sameSite: 'lax', secure, path: '/' } as const;
  const cookieOptions = (maxAgeMs: number) => ({ ...baseCookie, maxAge: maxAgeMs / 1000 });

  function clientOf(providerId: string): OidcProviderClient {
    const client = clients.get(providerId);
    if (!client) throw notFound('There is no such sign-in provider.');
    return client;
  }

  function callbackUrl(request: FastifyRequest, providerId: string): string {
    const origin = config.publicOrigin ?? `${request.protocol}://${request.host}`;
    return `${origin}/api/auth/oidc/${encodeURIComponent(providerId)}/callback`;
  }

  function toProblem(reply: FastifyReply, reason: SignInProblem) {
    return reply.redirect(`${COMPLETE_PAGE}?problem=${reason}`);
  }

  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const cookies = await signInCookies(context);

    app.get(
      '/api/auth/oidc/:providerId/start',
      {
        config: perIpLimit(AUTH_RATE_LIMITS.login),
        schema: {
          tags: ['accounts'],
          summary:
            'Go to the provider to sign in (or, with intent=link, to link it to the signed-in account)',
          params: ProviderParamsSchema,
          querystring: z.object({
            returnTo: z.string().max(2000).optional(),
            intent: z.enum(['sign-in', 'link']).default('sign-in'),
          }),
          response: { ...errorResponses },
        },
      },
      async (request, reply) => {
        const client = clientOf(request.params.providerId);
        const linking = request.query.intent === 'link';
        if (linking && !request.user) return toProblem(reply, 'link-signed-out');
        const returnTo = sameSitePath(request.query.returnTo) ?? (linking ? '/profile' : '/');
        let started: Awaited<ReturnType<typeof startProviderSignIn>>;
        try {
          started = await startProviderSignIn(db, client, {
            redirectUri: callbackUrl(request, client.provider.id),
            returnTo,
            linkUserId: linking ? (request.user?.id ?? null) : null,
          });
        } catch (error) {
          request.log.warn({ err: error, provider: client.provider.id }, 'identity provider unreachable');
          return toProblem(reply, 'unavailable');
        }
        reply.setCookie(flowCookie, started.cookieValue, cookieOptions(FLOW_TTL_MS));
        return reply.redirect(started.url.href);
      },
    );

    app.get(
      '/api/auth/oidc/:providerId/callback',
      {
        config: perIpLimit(AUTH_RATE_LIMITS.login),
        schema: {
          tags: ['accounts'],
          summary: 'Where the provider sends the browser back; signs in, links, or asks for a username',
          params: ProviderParamsSchema,
          response: { ...errorResponses },
        },
      },
      async (request, reply) => {
        const client = clientOf(request.params.providerId);
        const outcome = await finishProviderCallback(db, client, {
          flowCookie: request.cookies[flowCookie],
          callbackUrl: new URL(request.url, callbackUrl(request, client.provider.id)),
          signedInUserId: request.user?.id ?? null,
        });
        reply.clearCookie(flowCookie, baseCookie);
        switch (outcome.kind) {
          case 'problem':
            if (outcome.error) {
              request.log.warn(
                { err: outcome.error, provider: client.provider.id },
                'provider sign-in refused',
              );
            }
            return toProblem(reply, outcome.reason);
          case 'pending':
            reply.setCookie(pendingCookie, outcome.cookieValue, cookieOptions(PENDING_TTL_MS));
            return reply.redirect(COMPLETE_PAGE);
          case 'signed-in':
            await cookies.signIn(request, reply, outcome.userId, cookies.deviceOf(request) ?? undefined);
            return reply.redirect(outcome.returnTo);
          case 'linked':
            return reply.redirect(outcome.returnTo);
        }
      },
    );

    app.get(
      '/api/auth/oidc/pending',
      {
        schema: {
          tags: ['accounts'],
          summary: 'The new provider identity waiting on this browser for a username and a country',
          response: { 200: PendingIdentitySchema, ...errorResponses },
        },
      },
      async (request) => pendingIdentityOf(db, config.identityProviders, request.cookies[pendingCookie]),
    );

    app.post(
      '/api/auth/oidc/complete',
      {
        config: perIpLimit(AUTH_RATE_LIMITS.register),
        schema: {
          tags: ['accounts'],
          summary: 'Create the account of a new provider identity and sign in',
          body: CompleteProviderSignInBodySchema,
          response: { 201: CompletedProviderSignInSchema, 409: ErrorBodySchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { user, returnTo } = await completeProviderAccount(
          db,
          config.identityProviders,
          request.cookies[pendingCookie],
          request.body,
        );
        reply.clearCookie(pendingCookie, baseCookie);
        await cookies.signIn(request, reply, user.id, cookies.deviceOf(request) ?? undefined);
        reply.status(201);
        return { user: toSessionUser(user), returnTo };
      },
    );

    app.get(
      '/api/auth/identities',
      {
        schema: {
          tags: ['accounts'],
          summary: 'The sign-in providers, and which of them are linked to the signed-in account',
          response: { 200: LinkedProvidersSchema, ...errorResponses },
        },
      },
      async (request) => linkedProviders(db, config.identityProviders, requireUser(request).id),
    );

    app.delete(
      '/api/auth/identities/:providerId',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Unlink a provider from the signed-in account, unless it is the only way into it',
          params: ProviderParamsSchema,
          response: { 200: LinkedProvidersSchema, 409: ErrorBodySchema, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await unlinkProvider(
          context.database,
          config.identityProviders,
          user.id,
          request.params.providerId,
          Boolean(config.smtpUrl),
        );
        return linkedProviders(db, config.identityProviders, user.id);
      },
    );
  };
}
