/**
 * Sign-in with an identity provider (OpenID Connect): the rules both sides share and the texts people see
 * (docs/product.md, "Sign-in with a provider").
 */

/** Why a provider sign-in or link stopped; the callback sends the browser to the problem page with one. */
export const SIGN_IN_PROBLEMS = [
  'cancelled',
  'expired',
  'failed',
  'unavailable',
  'link-taken',
  'link-signed-out',
] as const;
export type SignInProblem = (typeof SIGN_IN_PROBLEMS)[number];

const PROBLEM_MESSAGES: Record<SignInProblem, string> = {
  cancelled: 'Sign-in was cancelled at the provider, so nobody was signed in.',
  expired: 'This sign-in has expired or was already used, so nobody was signed in. Please start again.',
  failed: 'We could not confirm who you are with the provider, so nobody was signed in. Please try again.',
  unavailable: 'The sign-in provider cannot be reached right now. Please try again in a moment.',
  'link-taken':
    'That provider account is already linked to another Holoscope account. Unlink it there first, or sign in with it.',
  'link-signed-out': 'Please sign in first, then link the provider from your profile.',
};

/** The problem page's text for a reason from its address; an unknown reason reads as a failed sign-in. */
export function signInProblemMessage(reason: string | null): string {
  return PROBLEM_MESSAGES[SIGN_IN_PROBLEMS.find((known) => known === reason) ?? 'failed'];
}

export const IDENTITY_MESSAGES = {
  /** The finishing page when its pending identity is gone (15 minutes passed, or it was used). */
  pendingExpired: PROBLEM_MESSAGES.expired,
  emailNotVerified: (provider: string) =>
    `${provider} did not give us a confirmed email address, so we cannot create an account with it. Confirm your email address with ${provider} and try again, or create an account with a password.`,
  emailInUse: (provider: string) =>
    `An account already uses this email address. Sign in to it with its password, then link ${provider} from your profile.`,
} as const;

/**
 * Where to go after signing in: only a path on this site. One leading slash, not two and not a slash and a
 * backslash (browsers read both as another host), and no control characters; anything else is ignored.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  return value;
}
