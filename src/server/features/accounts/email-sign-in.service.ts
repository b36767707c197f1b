import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ACCOUNT_MAIL_MESSAGES, type LinkKind, linkRefusalMessage } from '#shared/account-links.ts';
import { MESSAGES } from '#shared/errors.ts';
import {
  firstPasswordProblem,
  isValidEmail,
  normaliseEmail,
  PASSWORD_MIN_LENGTH,
  REGISTRATION_MESSAGES,
} from '#shared/registration.ts';
import type { EmailBody, PasswordResetBody } from '#shared/schemas/accounts.ts';
import { addressKey } from '../../client-address.ts';
import type { AppContext } from '../../context.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { AccountMailer } from './account-mailer.ts';
import { noAccountMail, passwordResetMail, signInLinkMail, verificationMail } from './account-mails.ts';
import * as repo from './accounts.repository.ts';
import { waitMessage } from './accounts.service.ts';
import * as tokens from './one-time-tokens.repository.ts';
import {
  KEEP_ENDED_TOKENS_MS,
  looksLikeOneTimeToken,
  newOneTimeToken,
  oneTimeTokenId,
  TOKEN_PURPOSE,
} from './one-time-tokens.ts';
import { hashPassword } from './password.ts';

type Db = Kysely<Database>;

/** docs/product.md §9: account mails per address and per client address in an hour. */
export const ACCOUNT_MAIL_LIMITS = { perEmail: 5, perClient: 20, windowMs: 60 * 60 * 1000 } as const;

/** What the mail flows need: the database, the mailer (null without SMTP_URL) and the site's origin. */
export interface AccountMailDeps {
  db: Db;
  mailer: AccountMailer | null;
  origin: string;
}

/** The page each kind of link opens. */
const LINK_PAGES: Record<LinkKind, string> = {
  emailLink: '/sign-in/email-link',
  passwordReset: '/reset-password',
  emailVerification: '/verify-email',
};

function linkTo(origin: string, kind: LinkKind, token: string): string {
  return `${origin}${LINK_PAGES[kind]}?token=${token}`;
}

function refused(kind: LinkKind, refusal: 'used' | 'expired' | 'invalid'): AppError {
  const message = linkRefusalMessage(kind, refusal);
  if (refusal === 'invalid') return new AppError(400, 'link-invalid', message);
  return new AppError(410, refusal === 'used' ? 'link-used' : 'link-expired', message);
}

/** The address a mail is asked for, checked as the sign-in form checks it. */
function addressOf(body: EmailBody): string {
  if (body.email.trim() === '') {
    throw badRequest(REGISTRATION_MESSAGES.emailRequired, { email: REGISTRATION_MESSAGES.emailRequired });
  }
  const email = normaliseEmail(body.email);
  if (!isValidEmail(email)) throw new AppError(400, 'invalid-email', MESSAGES.invalidEmail);
  return email;
}

/**
 * Counts a mail against its address's and its client's hourly limits, or refuses it with the wait. An
 * address with no account is counted like any other, so a refusal says nothing about who has an account.
 */
async function takeMailAllowance(db: Db, email: string, clientIp: string, now: Date): Promise<void> {
  const client = addressKey(clientIp);
  const since = new Date(now.getTime() - ACCOUNT_MAIL_LIMITS.windowMs).toISOString();
  const counts = await tokens.accountMailCounts(db, email, client, since);
  const full = [
    counts.email >= ACCOUNT_MAIL_LIMITS.perEmail ? counts.oldestEmail : null,
    counts.client >= ACCOUNT_MAIL_LIMITS.perClient ? counts.oldestClient : null,
  ].filter((oldest): oldest is string => oldest !== null);
  if (full.length > 0) {
    const freeAt = Math.max(...full.map((oldest) => Date.parse(oldest) + ACCOUNT_MAIL_LIMITS.windowMs));
    const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    throw new AppError(429, 'rate-limited', waitMessage(seconds), undefined, {
      'retry-after': String(seconds),
    });
  }
  await tokens.recordAccountMail(
    db,
    { id: crypto.randomUUID(), email, client, at: now.toISOString() },
    since,
  );
}

async function issueLink(db: Db, kind: LinkKind, user: UserRow, origin: string, now: Date): Promise<string> {
  const token = newOneTimeToken(kind, now);
  await tokens.insertOneTimeToken(
    db,
    {
      id: token.id,
      purpose: TOKEN_PURPOSE[kind],
      userId: user.id,
      email: user.email,
      createdAt: now.toISOString(),
      expiresAt: token.expiresAt,
    },
    new Date(now.getTime() - KEEP_ENDED_TOKENS_MS).toISOString(),
  );
  return linkTo(origin, kind, token.token);
}

/**
 * A sign-in link or a reset link for the address: its account gets the link, an address without one gets a
 * mail saying so and how to sign up. The caller answers the same either way (no enumeration).
 */
async function mailLinkOrNoAccount(
  deps: AccountMailDeps,
  kind: 'emailLink' | 'passwordReset',
  body: EmailBody,
  clientIp: string,
  now: Date,
): Promise<void> {
  const email = addressOf(body);
  const { mailer } = deps;
  if (!mailer) {
    const message =
      kind === 'emailLink'
        ? ACCOUNT_MAIL_MESSAGES.emailLinkUnavailable
        : ACCOUNT_MAIL_MESSAGES.passwordResetUnavailable;
    // Not offered here, like a page that does not exist; a 5xx would say the server failed.
    throw new AppError(404, 'not-found', message);
  }
  await takeMailAllowance(deps.db, email, clientIp, now);
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) {
    mailer.send(noAccountMail(email, deps.origin));
    return;
  }
  const link = await issueLink(deps.db, kind, user, deps.origin, now);
  mailer.send(kind === 'emailLink' ? signInLinkMail(email, link) : passwordResetMail(email, link));
}

export function requestEmailLink(deps: AccountMailDeps, body: EmailBody, clientIp: string, now = new Date()) {
  return mailLinkOrNoAccount(deps, 'emailLink', body, clientIp, now);
}

export function requestPasswordReset(
  deps: AccountMailDeps,
  body: EmailBody,
  clientIp: string,
  now = new Date(),
) {
  return mailLinkOrNoAccount(deps, 'passwordReset', body, clientIp, now);
}

/**
 * Sends the account's address a verification link: at sign-up (when the server can mail) and when its owner
 * asks again from the profile.
 */
export async function sendVerificationMail(
  deps: AccountMailDeps,
  user: UserRow,
  clientIp: string,
  now = new Date(),
): Promise<void> {
  if (user.email_verified_at !== null) throw badRequest(ACCOUNT_MAIL_MESSAGES.alreadyVerified);
  if (!deps.mailer) {
    throw new AppError(404, 'not-found', ACCOUNT_MAIL_MESSAGES.verificationUnavailable);
  }
  await takeMailAllowance(deps.db, user.email, clientIp, now);
  const link = await issueLink(deps.db, 'emailVerification', user, deps.origin, now);
  deps.mailer.send(verificationMail(user.email, user.username, link));
}

/** Spends a link's token, or refuses it with why (used, expired, not ours). */
async function spend(db: Db, kind: LinkKind, token: string, now: Date) {
  if (!looksLikeOneTimeToken(token)) throw refused(kind, 'invalid');
  const spent = await tokens.spendOneTimeToken(
    db,
    oneTimeTokenId(token),
    TOKEN_PURPOSE[kind],
    now.toISOString(),
  );
  if ('refused' in spent) throw refused(kind, spent.refused);
  return spent;
}

/** The account an email link signs in; opening the link also proves the address. */
export async function signInWithEmailLink(db: Db, token: string, now = new Date()): Promise<UserRow> {
  const spent = await spend(db, 'emailLink', token, now);
  await repo.markEmailVerified(db, spent.userId, spent.email, now.toISOString());
  const user = await repo.findUserById(db, spent.userId);
  if (!user) throw refused('emailLink', 'invalid');
  return user;
}

/** Marks the address verified; a link for an address the account no longer has verifies nothing. */
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<void> {
  const spent = await spend(db, 'emailVerification', token, now);
  const verified = await repo.markEmailVerified(db, spent.userId, spent.email, now.toISOString());
  if (!verified) throw refused('emailVerification', 'invalid');
}

/**
 * Sets the new password from a reset link, in one transaction with spending the link: the registration's
 * password rules first (a typo does not cost the link), then every session of the account ends and its
 * other links stop working. Returns the account, for the caller to sign in on this browser.
 */
export async function resetPassword(
  context: Pick<AppContext, 'database' | 'live'>,
  body: PasswordResetBody,
  now = new Date(),
): Promise<UserRow> {
  const problem = firstPasswordProblem(body.password, body.verifyPassword);
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
  if (body.password.trim().length < PASSWORD_MIN_LENGTH) {
    throw new AppError(400, 'weak-password', MESSAGES.weakPassword, { password: MESSAGES.weakPassword });
  }
  if (!looksLikeOneTimeToken(body.token)) throw refused('passwordReset', 'invalid');
  const passwordHash = await hashPassword(body.password);
  const at = now.toISOString();
  const { userId, ended } = await context.database.db.transaction().execute(async (trx) => {
    const spent = await spend(trx, 'passwordReset', body.token, now);
    await repo.setPasswordHash(trx, spent.userId, passwordHash);
    // The mail reached its owner, so the address is proven too.
    await repo.markEmailVerified(trx, spent.userId, spent.email, at);
    await tokens.spendOtherTokens(trx, spent.userId, [TOKEN_PURPOSE.emailLink], at);
    return { userId: spent.userId, ended: await repo.deleteSessionsOfUser(trx, spent.userId) };
  });
  for (const sessionId of ended) {
    await context.live.publish({ type: 'session-ended', userId, to: [userId], sessionId });
  }
  const user = await repo.findUserById(context.database.db, userId);
  if (!user) throw refused('passwordReset', 'invalid');
  return user;
}
