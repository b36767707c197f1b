import crypto from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's parameters: 19 MiB of memory, two passes, one lane. */
const ARGON2ID = 2 as Algorithm.Argon2id;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * What an account without a password stores in place of a hash: one made through an identity provider, until
 * a password is set through recovery. No password matches it, and it tells such an account apart from one
 * whose password its owner knows (decision 041).
 */
export const NO_PASSWORD = 'none';

export function hasPassword(passwordHash: string): boolean {
  return passwordHash !== NO_PASSWORD;
}

/** False for a wrong password, for an account without one and for a hash that cannot be read; never throws. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // As long as a real check, so the answer's time does not tell that the account has no password.
  if (!hasPassword(passwordHash)) return verifyAgainstNothing(password);
  try {
    return await verify(passwordHash, password, OPTIONS);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, so a login for an unknown email cannot be told apart
 * from a wrong password by how long the answer takes.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(24).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
