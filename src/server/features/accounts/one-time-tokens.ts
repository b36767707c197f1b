import crypto from 'node:crypto';
import { LINK_LIFETIME_MINUTES, type LinkKind } from '#shared/account-links.ts';

/** What a token is for, as stored; a token spent for one purpose is unknown to the others. */
export const TOKEN_PURPOSE: Record<LinkKind, string> = {
  emailLink: 'email-link',
  passwordReset: 'password-reset',
  emailVerification: 'email-verification',
};

/** Spent and expired tokens are kept this long, so their links say "used" or "expired" rather than "not valid". */
export const KEEP_ENDED_TOKENS_MS = 24 * 60 * 60 * 1000;

export interface NewOneTimeToken {
  /** Goes into the mail's link and nowhere else. */
  token: string;
  /** Its SHA-256: all the database keeps, so a leaked table opens no account. */
  id: string;
  expiresAt: string;
}

/** 256 random bits, well past ASVS's 128; only their hash is stored. */
export function newOneTimeToken(kind: LinkKind, now: Date): NewOneTimeToken {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MINUTES[kind] * 60_000).toISOString();
  return { token, id: oneTimeTokenId(token), expiresAt };
}

export function oneTimeTokenId(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A token as the links carry it: 43 base64url characters. Anything else is not ours, and costs no query. */
export function looksLikeOneTimeToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
