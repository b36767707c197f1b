/**
 * The one-time links of the account mails (docs/product.md §5, Signing in by email and recovery): how long
 * each works and what the pages and the API say about them. docs/decisions/040-one-time-tokens.md explains
 * the numbers.
 */
export const LINK_LIFETIME_MINUTES = {
  emailLink: 15,
  passwordReset: 30,
  emailVerification: 24 * 60,
} as const;

export type LinkKind = keyof typeof LINK_LIFETIME_MINUTES;

/** Why a link no longer works. */
export type LinkRefusal = 'used' | 'expired' | 'invalid';

const WHAT: Record<LinkKind, string> = {
  emailLink: 'sign-in link',
  passwordReset: 'password reset link',
  emailVerification: 'verification link',
};

const WHAT_NEXT: Record<LinkKind, string> = {
  emailLink: 'Ask for a new one from the sign-in form.',
  passwordReset: 'Ask for a new one with Forgot password? in the sign-in form.',
  emailVerification: 'Send a new one from your profile.',
};

const LIFETIME: Record<LinkKind, string> = {
  emailLink: '15 minutes',
  passwordReset: '30 minutes',
  emailVerification: '24 hours',
};

/** The message for a link that cannot be used, with what to do instead. */
export function linkRefusalMessage(kind: LinkKind, refusal: LinkRefusal): string {
  const what = WHAT[kind];
  if (refusal === 'used') return `This ${what} has been used already. ${WHAT_NEXT[kind]}`;
  if (refusal === 'expired') {
    return `This ${what} has expired: it works for ${LIFETIME[kind]}. ${WHAT_NEXT[kind]}`;
  }
  return `This ${what} is not valid. Open the whole link from the email, or ${WHAT_NEXT[kind].charAt(0).toLowerCase()}${WHAT_NEXT[kind].slice(1)}`;
}

export const ACCOUNT_MAIL_MESSAGES = {
  emailLinkUnavailable: 'Sign-in links by email are not available on this server.',
  passwordResetUnavailable:
    'Password reset is not available on this server: it needs email, which is not set up here. Ask the site’s operator to reset your password.',
  verificationUnavailable: 'Email verification is not available on this server.',
  alreadyVerified: 'Your email address is verified already.',
} as const;
