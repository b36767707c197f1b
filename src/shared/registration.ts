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
  const username = normaliseUsername(input.username);
  const m = REGISTRATION_MESSAGES;
  if (username === '') return { field: 'username', message: m.usernameRequired };
  if (usernameLength(username) < USERNAME_MIN_LENGTH)
    return { field: 'username', message: m.usernameTooShort };
  if (usernameLength(username) > USERNAME_MAX_LENGTH)
    return { field: 'username', message: m.usernameTooLong };
  const characters = usernameCharacterProblem(username);
  if (characters) return { field: 'username', message: characters };
  if (input.email.trim() === '') return { field: 'email', message: m.emailRequired };
  const password = firstPasswordProblem(input);
  if (password) return password;
  if (input.country.trim() === '' || input.countryCode.trim() === '') {
    return { field: 'country', message: m.countryNotPicked };
  }
  return null;
}

/** The password rules of registration, in their order; a password reset checks the same. */
export function firstPasswordProblem(input: {
  password: string;
  verifyPassword: string;
}): RegistrationProblem | null {
  const m = REGISTRATION_MESSAGES;
  if (input.password === '') return { field: 'password', message: m.passwordRequired };
  if (input.password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: m.passwordTooShort };
  if (input.password.length > PASSWORD_MAX_LENGTH) return { field: 'password', message: m.passwordTooLong };
  if (input.password !== input.verifyPassword) return { field: 'verifyPassword', message: m.passwordsDiffer };
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** A plausible address: one @, a dotted domain, no spaces. Delivery is the only real proof. */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email.trim());
}

/** Emails are compared and stored trimmed and lower-cased, so one address is one account. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
