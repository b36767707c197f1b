import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { findCountry } from '#shared/countries.ts';
import { MESSAGES } from '#shared/errors.ts';
import { IDENTITY_MESSAGES, type SignInProblem } from '#shared/identity-providers.ts';
import {
  firstProviderAccountProblem,
  isValidEmail,
  normaliseEmail,
  REGISTRATION_MESSAGES,
} from '#shared/registration.ts';
import type {
  CompleteProviderSignInBody,
  LinkedProviders,
  PendingIdentity,
} from '#shared/schemas/identity.ts';
import { normaliseUsername, usernameKey } from '#shared/usernames.ts';
import { ONLY_WAY_IN_MESSAGES } from '#shared/security.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import type { IdentityProvider } from '../../env.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import * as accounts from './accounts.repository.ts';
import * as repo from './identity.repository.ts';
import { ProviderSignInError, type OidcProviderClient } from './oidc-client.ts';
import { NO_PASSWORD } from './password.ts';
import { sessionIdOf } from './sessions.ts';
import { removeWayIn } from './ways-in.ts';

type Db = Kysely<Database>;

/** How long a started sign-in waits for the provider, and a new identity for its username and country. */
export const FLOW_TTL_MS = 10 * 60 * 1000;
export const PENDING_TTL_MS = 15 * 60 * 1000;

/** 256 random bits for a cookie; only its SHA-256 is stored, as for sessions. */
function newCookieValue(): { value: string; key: string } {
  const value = crypto.randomBytes(32).toString('base64url');
  return { value, key: sessionIdOf(value) };
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/**
 * Starts the code flow: the state, nonce and PKCE verifier stay on the server under the SHA-256 of the
 * cookie value returned, so only this browser can finish it, once, within FLOW_TTL_MS.
 */
export async function startProviderSignIn(
  db: Db,
  client: OidcProviderClient,
  options: { redirectUri: string; returnTo: string; linkUserId: string | null },
  now = new Date(),
): Promise<{ cookieValue: string; url: URL }> {
  const { url, checks } = await client.authorizationUrl(options.redirectUri);
  const cookie = newCookieValue();
  await repo.insertFlow(
    db,
    {
      id: cookie.key,
      provider_id: client.provider.id,
      state: checks.state,
      nonce: checks.nonce,
      code_verifier: checks.codeVerifier,
      return_to: options.returnTo,
      link_user_id: options.linkUserId,
      expires_at: later(now, FLOW_TTL_MS),
    },
    now.toISOString(),
  );
  return { cookieValue: cookie.value, url };
}

export type CallbackOutcome =
  | { kind: 'signed-in'; userId: string; returnTo: string }
  | { kind: 'linked'; returnTo: string }
  | { kind: 'pending'; cookieValue: string }
  | { kind: 'problem'; reason: SignInProblem; error?: unknown };

/**
 * The provider sent the browser back. The flow is taken out first, so a code or state is never tried
 * twice; then openid-client checks the answer and the ID token. A known identity signs in, a link request
 * links, and a new identity waits (PENDING_TTL_MS) for its username and country. An identity is known only
 * by its provider and subject: an email that matches an account never signs into it.
 */
export async function finishProviderCallback(
  db: Db,
  client: OidcProviderClient,
  request: { flowCookie: string | undefined; callbackUrl: URL; signedInUserId: string | null },
  now = new Date(),
): Promise<CallbackOutcome> {
  const flow = request.flowCookie ? await repo.takeFlow(db, sessionIdOf(request.flowCookie)) : undefined;
  if (!flow || flow.expires_at <= now.toISOString() || flow.provider_id !== client.provider.id) {
    return { kind: 'problem', reason: 'expired' };
  }
  let identity: Awaited<ReturnType<OidcProviderClient['verify']>>;
  try {
    identity = await client.verify(request.callbackUrl, {
      state: flow.state,
      nonce: flow.nonce,
      codeVerifier: flow.code_verifier,
    });
  } catch (error) {
    return { kind: 'problem', reason: error instanceof ProviderSignInError ? error.reason : 'failed', error };
  }
  const link = await repo.findLink(db, client.provider.id, identity.subject);

  if (flow.link_user_id) {
    if (request.signedInUserId !== flow.link_user_id) return { kind: 'problem', reason: 'link-signed-out' };
    if (link && link.user_id !== flow.link_user_id) return { kind: 'problem', reason: 'link-taken' };
    await repo.replaceLink(db, {
      provider_id: client.provider.id,
      subject: identity.subject,
      user_id: flow.link_user_id,
      email: identity.email && normaliseEmail(identity.email),
      created_at: now.toISOString(),
    });
    return { kind: 'linked', returnTo: flow.return_to };
  }

  if (link) return { kind: 'signed-in', userId: link.user_id, returnTo: flow.return_to };

  const cookie = newCookieValue();
  await repo.insertPendingIdentity(
    db,
    {
      id: cookie.key,
      provider_id: client.provider.id,
      subject: identity.subject,
      email: identity.email && normaliseEmail(identity.email),
      email_verified: identity.emailVerified,
      return_to: flow.return_to,
      expires_at: later(now, PENDING_TTL_MS),
    },
    now.toISOString(),
  );
  return { kind: 'pending', cookieValue: cookie.value };
}

async function pendingRow(db: Db, cookie: string | undefined, now: Date) {
  return cookie ? repo.findPendingIdentity(db, sessionIdOf(cookie), now.toISOString()) : undefined;
}

/** Why no account can be made from the identity, or null when one can. */
async function accountProblem(db: Db, pending: repo.PendingIdentityRow, provider: IdentityProvider) {
  if (!pending.email || !pending.email_verified || !isValidEmail(pending.email)) {
    return new AppError(409, 'email-not-verified', IDENTITY_MESSAGES.emailNotVerified(provider.name));
  }
  if (await accounts.findUserByEmail(db, pending.email)) {
    return new AppError(409, 'email-already-in-use', IDENTITY_MESSAGES.emailInUse(provider.name));
  }
  return null;
}

function providerOf(providers: IdentityProvider[], id: string): IdentityProvider | undefined {
  return providers.find((provider) => provider.id === id);
}

/** The identity waiting on this browser for its username and country, or 404 when there is none. */
export async function pendingIdentityOf(
  db: Db,
  providers: IdentityProvider[],
  cookie: string | undefined,
  now = new Date(),
): Promise<PendingIdentity> {
  const pending = await pendingRow(db, cookie, now);
  const provider = pending && providerOf(providers, pending.provider_id);
  if (!pending || !provider) throw notFound(IDENTITY_MESSAGES.pendingExpired);
  const problem = await accountProblem(db, pending, provider);
  return { providerName: provider.name, email: pending.email, problem: problem?.message ?? null };
}

/**
 * Creates the account of a new identity with the provider's confirmed email, the username and country
 * checked by the registration's rules in their order. The account has no password: it signs in with its
 * provider until it gets a passkey or a password is set through recovery.
 */
export async function completeProviderAccount(
  db: Db,
  providers: IdentityProvider[],
  cookie: string | undefined,
  body: CompleteProviderSignInBody,
  now = new Date(),
): Promise<{ user: UserRow; returnTo: string }> {
  const problem = firstProviderAccountProblem(body);
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
  const country = findCountry(body.countryCode);
  if (!country)
    throw badRequest(REGISTRATION_MESSAGES.countryNotPicked, {
      country: REGISTRATION_MESSAGES.countryNotPicked,
    });

  const pending = await pendingRow(db, cookie, now);
  const provider = pending && providerOf(providers, pending.provider_id);
  if (!pending || !provider) throw new AppError(400, 'sign-in-expired', IDENTITY_MESSAGES.pendingExpired);
  const refusal = await accountProblem(db, pending, provider);
  if (refusal) throw refusal;
  const username = normaliseUsername(body.username);
  const key = usernameKey(username);
  await assertUsernameFree(db, key);

  const user: accounts.NewUser = {
    id: crypto.randomUUID(),
    email: pending.email as string,
    username,
    username_key: key,
    password_hash: NO_PASSWORD,
    country: country.name,
    country_code: country.code,
    is_admin: false,
    created_at: now.toISOString(),
  };
  const link = {
    provider_id: provider.id,
    subject: pending.subject,
    user_id: user.id,
    email: pending.email,
    created_at: now.toISOString(),
  };
  let created: boolean;
  try {
    created = await repo.createAccountFromIdentity(db, pending.id, user, link);
  } catch (error) {
    // The same email, username or identity taken at the same moment: the answer it would get a moment later.
    const refusedNow = await accountProblem(db, pending, provider);
    if (refusedNow) throw refusedNow;
    await assertUsernameFree(db, key);
    if (await repo.findLink(db, provider.id, pending.subject)) {
      throw new AppError(400, 'sign-in-expired', IDENTITY_MESSAGES.pendingExpired);
    }
    throw error;
  }
  if (!created) throw new AppError(400, 'sign-in-expired', IDENTITY_MESSAGES.pendingExpired);
  const stored = await accounts.findUserById(db, user.id);
  if (!stored) throw new Error('The new account could not be read back');
  return { user: stored, returnTo: pending.return_to };
}

async function assertUsernameFree(db: Db, key: string): Promise<void> {
  if (await accounts.isUsernameTaken(db, key)) {
    throw new AppError(409, 'conflict', MESSAGES.usernameTaken, { username: MESSAGES.usernameTaken });
  }
}

/** Every configured provider, with the identity this account linked to it, if any. */
export async function linkedProviders(
  db: Db,
  providers: IdentityProvider[],
  userId: string,
): Promise<LinkedProviders> {
  const links = await repo.linksOfUser(db, userId);
  return {
    providers: providers.map((provider) => {
      const link = links.find((candidate) => candidate.provider_id === provider.id);
      return {
        id: provider.id,
        name: provider.name,
        linked: link ? { email: link.email, linkedAt: link.created_at } : null,
      };
    }),
  };
}

/** Unlinks the provider, unless it is the only way into the account (409, with what to add first). */
export async function unlinkProvider(
  database: DatabaseHandle,
  providers: IdentityProvider[],
  userId: string,
  providerId: string,
  passwordByMail: boolean,
): Promise<void> {
  const provider = providerOf(providers, providerId);
  if (!provider) throw notFound();
  const unlinked = await removeWayIn(database, providers, userId, {
    remove: (trx) => repo.deleteLink(trx, userId, provider.id),
    refusal: ONLY_WAY_IN_MESSAGES.provider(provider.name, passwordByMail),
  });
  if (!unlinked) throw notFound();
}
