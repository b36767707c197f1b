import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  isValidEmail,
  normaliseEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from '#shared/registration.ts';
import { usernameKey } from '#shared/usernames.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import type { Database } from '../../db/schema.ts';
import * as repo from './accounts.repository.ts';
import { hashPassword } from './password.ts';

export interface AdminResult {
  id: string;
  email: string;
  username: string;
  created: boolean;
}

/**
 * The only way to get the admin role (there is no API for it): creates the account, or promotes the existing
 * one and sets its password, so the operator can always sign in with what they passed.
 */
export async function createOrPromoteAdmin(
  db: Kysely<Database>,
  emailInput: string,
  password: string,
): Promise<AdminResult> {
  const email = normaliseEmail(emailInput);
  if (!isValidEmail(email)) throw new Error(`"${emailInput}" is not a valid email address`);
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new Error(`The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`);
  }
  const passwordHash = await hashPassword(password);
  const existing = await repo.findUserByEmail(db, email);
  if (existing) {
    await db.transaction().execute(async (trx) => {
      await repo.setUserAdminAndPassword(trx, existing.id, passwordHash);
      await recordAudit(trx, { actor: null, action: 'promote-admin', subject: existing.id });
    });
    return { id: existing.id, email, username: existing.username, created: false };
  }
  const username = await freeUsername(db, email.split('@')[0] ?? 'admin');
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await repo.insertUser(trx, {
      id,
      email,
      username,
      username_key: usernameKey(username),
      password_hash: passwordHash,
      country: '',
      country_code: '',
      is_admin: true,
      created_at: new Date().toISOString(),
    });
    await recordAudit(trx, { actor: null, action: 'create-admin', subject: id });
  });
  return { id, email, username, created: true };
}

async function freeUsername(db: Kysely<Database>, wanted: string): Promise<string> {
  const base = (wanted.replace(/[^\p{L}\p{N}_.-]/gu, '') || 'admin')
    .padEnd(3, '_')
    .slice(0, USERNAME_MAX_LENGTH - 5);
  for (let attempt = 0; ; attempt++) {
    const candidate = attempt === 0 ? base : `${base}${attempt + 1}`;
    if (!(await repo.isUsernameTaken(db, usernameKey(candidate)))) return candidate;
  }
}
