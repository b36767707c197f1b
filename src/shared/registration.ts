import { normaliseUsername, usernameCharacterProblem, usernameLength } from './usernames.ts';

/**
 * docs/product.md §5 registration rules in SPEC.md's order. The sign-up form shows the first failure as its error
 * banner and the server answers the same first failure, so both always agree on the message.
 */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 6;
/** Longer inputs only cost hashing time; no real password is this long. */
export const PASSWORD_MAX_LENGTH = 256;

export const REGISTRATION_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters long',
  usernameTooLong: 'Username must be at most 30 characters long',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password must be at most 256 characters long',
  passwordsDiffer: 'Passwords do not match',
  countryNotPicked: 'Please select a country from the suggestions',
} as const;

export interface RegistrationInput {
  username: string;
  email: string;
  password: string;
  verifyPassword: string;
  /** Both are set only when the country was picked from the suggestions. */
  country: string;
  countryCode: string;
}

export type RegistrationField = 'username' | 'email' | 'password' | 'verifyPassword' | 'country';

export interface RegistrationProblem {
  field: RegistrationField;
  message: string;
}

/** The first rule the input breaks, or null when it passes them all. */
export function firstRegistrationProblem(input: RegistrationInput): RegistrationProblem | null {
  const m = REGISTRATION_MESSAGES;
  const username = usernameProblem(input.username);
  if (username) return username;
  if (input.email.trim() === '') return { field: 'email', message: m.emailRequired };
  return firstPasswordProblem(input.password, input.verifyPassword) ?? countryProblem(input);
}

/**
 * The same rules, in the same order, for an account made from a provider's identity: the provider gave the
 * email and there is no password, so only the username and the country are asked for.
 */
export function firstProviderAccountProblem(
  input: Pick<RegistrationInput, 'username' | 'country' | 'countryCode'>,
): RegistrationProblem | null {
  return usernameProblem(input.username) ?? countryProblem(input);
}

function usernameProblem(raw: string): RegistrationProblem | null {
  const username = normaliseUsername(raw);
  const m = REGISTRATION_MESSAGES;
  if (username === '') return { field: 'username', message: m.usernameRequired };
  if (usernameLength(username) < USERNAME_MIN_LENGTH)
    return { field: 'username', message: m.usernameTooShort };
  if (usernameLength(username) > USERNAME_MAX_LENGTH)
    return { field: 'username', message: m.usernameTooLong };
  const characters = usernameCharacterProblem(username);
  return characters ? { field: 'username', message: characters } : null;
}

function countryProblem(
  input: Pick<RegistrationInput, 'country' | 'countryCode'>,
): RegistrationProblem | null {
  if (input.country.trim() === '' || input.countryCode.trim() === '') {
    return { field: 'country', message: REGISTRATION_MESSAGES.countryNotPicked };
  }
  return null;
}

/** The registration's password rules, in their order; a new password (Security section) follows them too. */
export function firstPasswordProblem(password: string, verifyPassword: string): RegistrationProblem | null {
  const m = REGISTRATION_MESSAGES;
  if (password === '') return { field: 'password', message: m.passwordRequired };
  if (password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: m.passwordTooShort };
  if (password.length > PASSWORD_MAX_LENGTH) return { field: 'password', message: m.passwordTooLong };
  if (password !== verifyPassword) return { field: 'verifyPassword', message: m.passwordsDiffer };
  return null;
}

/** An atom of a local part: RFC 5322's atext, and letters and digits of any script (RFC 6531). */
const ATOM = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
/** A label of a domain name: letters and digits of any script, with hyphens inside it. */
const LABEL = '[\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]*[\\p{L}\\p{M}\\p{N}])?';
const BARE_ADDRESS = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`, 'u');
const MAX_ADDRESS_LENGTH = 254;
const MAX_LOCAL_PART_LENGTH = 64;

/**
 * A bare email address (docs/product.md §5): one @, a local part of dot-separated atoms and a dotted domain
 * name; no display name, angle brackets, commas, semicolons, double quotes, spaces or control characters (an
 * apostrophe, as in o'brien@example.com, is an ordinary character of a local part). Such text names exactly
 * one mailbox, whatever reads it as an address list later; delivery is the only real proof.
 */
export function isValidEmail(email: string): boolean {
  const address = email.trim();
  if (address.length > MAX_ADDRESS_LENGTH || !BARE_ADDRESS.test(address)) return false;
  return address.indexOf('@') <= MAX_LOCAL_PART_LENGTH;
}

/**
 * Whether sign-in text could name an account at all. Signing in only looks an address up and never mails it,
 * so accounts made before the address rule above still sign in.
 */
export function couldNameAnAccount(email: string): boolean {
  const address = email.trim();
  const at = address.indexOf('@');
  return address.length <= MAX_ADDRESS_LENGTH && at > 0 && at < address.length - 1;
}

/** Emails are compared and stored trimmed and lower-cased, so one address is one account. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
