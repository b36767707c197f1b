import crypto from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { SessionUser } from '#shared/schemas/accounts.ts';
import type { Passkey, PasskeyRegistrationBody, PasskeySignInBody } from '#shared/schemas/security.ts';
import { ONLY_WAY_IN_MESSAGES, passkeyNameProblem, SECURITY_MESSAGES } from '#shared/security.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { IdentityProvider } from '../../env.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { removeWayIn } from '../accounts/public.ts';
import { browserName } from '../security/public.ts';
import * as repo from './passkeys.repository.ts';

type Db = Kysely<Database>;

/** Who the passkeys belong to: PUBLIC_ORIGIN's host (or the origin served), and that origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingPartyOf(origin: string): RelyingParty {
  return { id: new URL(origin).hostname, origin };
}

const RP_NAME = 'Holoscope';
/** How long the browser's prompt and the server's challenge stay good (decision 043). */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** The random token of the challenge cookie; the database keeps its SHA-256 only. */
export function newChallengeToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}
const challengeIdOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const expired = () => new AppError(400, 'validation', SECURITY_MESSAGES.passkeyRequestExpired);
const notChecked = () => new AppError(400, 'validation', SECURITY_MESSAGES.passkeyNotChecked);
const signInRefused = (message: string) => new AppError(401, 'invalid-credentials', message);

async function storeChallenge(
  db: Db,
  token: string,
  challenge: string,
  purpose: repo.ChallengePurpose,
  userId: string | null,
  now: Date,
) {
  await repo.insertChallenge(
    db,
    {
      id: challengeIdOf(token),
      challenge,
      purpose,
      user_id: userId,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
    },
    now.toISOString(),
  );
}

/** The challenge the browser's cookie names, used up now; null when it is missing, spent, stale or not this one's. */
async function takeChallenge(
  db: Db,
  token: string | undefined,
  purpose: repo.ChallengePurpose,
  userId: string | null,
  now: Date,
): Promise<string | null> {
  if (!token) return null;
  const stored = await repo.takeChallenge(db, challengeIdOf(token));
  if (!stored || stored.purpose !== purpose || stored.user_id !== userId) return null;
  if (stored.expires_at <= now.toISOString()) return null;
  return stored.challenge;
}

function toPasskey(stored: repo.StoredPasskey): Passkey {
  return { id: stored.id, name: stored.name, createdAt: stored.createdAt, lastUsedAt: stored.lastUsedAt };
}

export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  return (await repo.listPasskeys(db, userId)).map(toPasskey);
}

/**
 * Options for adding a passkey: a resident key with user verification, never one the account has already
 * (the browser says so instead of making a second).
 */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  user: SessionUser,
  challengeToken: string,
  now = new Date(),
) {
  const existing = await repo.listPasskeys(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.id,
      transports: passkey.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(db, challengeToken, options.challenge, 'register', user.id, now);
  return { ...options };
}

/** Checks the browser's new passkey against the challenge and stores it, named after the browser. */
export async function addPasskey(
  db: Db,
  rp: RelyingParty,
  user: SessionUser,
  body: PasskeyRegistrationBody,
  challengeToken: string | undefined,
  userAgent: string | undefined,
  now = new Date(),
): Promise<Passkey> {
  const challenge = await takeChallenge(db, challengeToken, 'register', user.id, now);
  if (!challenge) throw expired();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: body.credential as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    throw notChecked();
  }
  if (!verification.verified) throw notChecked();
  const { credential } = verification.registrationInfo;
  if (await repo.findPasskey(db, credential.id)) {
    throw new AppError(409, 'conflict', SECURITY_MESSAGES.passkeyAlreadyAdded);
  }
  const passkey: repo.StoredPasskey = {
    id: credential.id,
    userId: user.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
    name: browserName(userAgent),
    createdAt: now.toISOString(),
    lastUsedAt: null,
  };
  await repo.insertPasskey(db, passkey);
  return toPasskey(passkey);
}

/** Options for signing in with any passkey of this site: no account named, the browser offers its own. */
export async function signInOptions(db: Db, rp: RelyingParty, challengeToken: string, now = new Date()) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(db, challengeToken, options.challenge, 'sign-in', null, now);
  return { ...options };
}

/**
 * The account a passkey signs into: the signature checked against the stored key, the challenge, origin and
 * relying party, user verification, and a signature counter that must move forward.
 */
export async function verifySignIn(
  db: Db,
  rp: RelyingParty,
  body: PasskeySignInBody,
  challengeToken: string | undefined,
  now = new Date(),
): Promise<string> {
  const challenge = await takeChallenge(db, challengeToken, 'sign-in', null, now);
  if (!challenge) throw expired();
  const passkey = await repo.findPasskey(db, body.credential.id);
  if (!passkey) throw signInRefused(SECURITY_MESSAGES.passkeyUnknown);
  const { userHandle } = body.credential.response;
  if (userHandle && Buffer.from(userHandle, 'base64url').toString() !== passkey.userId) {
    throw signInRefused(SECURITY_MESSAGES.passkeyNotChecked);
  }
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: body.credential as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: Uint8Array.from(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
  } catch {
    throw signInRefused(SECURITY_MESSAGES.passkeyNotChecked);
  }
  if (!verification.verified) throw signInRefused(SECURITY_MESSAGES.passkeyNotChecked);
  const recorded = await repo.recordUse(
    db,
    passkey.id,
    passkey.counter,
    verification.authenticationInfo.newCounter,
    now.toISOString(),
  );
  if (!recorded) throw signInRefused(SECURITY_MESSAGES.passkeyNotChecked);
  return passkey.userId;
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<Passkey> {
  const problem = passkeyNameProblem(name);
  if (problem) throw badRequest(problem, { name: problem });
  if (!(await repo.renamePasskey(db, userId, id, name.trim()))) {
    throw notFound(SECURITY_MESSAGES.passkeyNotFound);
  }
  const renamed = await repo.findPasskey(db, id);
  if (!renamed) throw notFound(SECURITY_MESSAGES.passkeyNotFound);
  return toPasskey(renamed);
}

/** Removes the passkey, unless it is the only way into the account (409, with what to add first). */
export async function removePasskey(
  database: DatabaseHandle,
  providers: IdentityProvider[],
  userId: string,
  id: string,
  passwordByMail: boolean,
): Promise<void> {
  const removed = await removeWayIn(database, providers, userId, {
    remove: (trx) => repo.deletePasskey(trx, userId, id),
    refusal: ONLY_WAY_IN_MESSAGES.passkey({ passwordByMail, provider: providers.length > 0 }),
  });
  if (!removed) throw notFound(SECURITY_MESSAGES.passkeyNotFound);
}
