import { MESSAGES } from '#shared/errors.ts';
import { ApiError } from '#web/lib/api-client.ts';

/**
 * SPEC.md §8: what the account modal shows for a failed sign-in or sign-up. Rule failures, a taken username
 * and rate limits carry their own clear message; anything unexpected gets the generic one.
 */
export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.generic;
  switch (error.code) {
    case 'invalid-email':
      return MESSAGES.invalidEmail;
    case 'invalid-credentials':
      return MESSAGES.invalidCredentials;
    case 'email-already-in-use':
      return MESSAGES.emailInUse;
    case 'weak-password':
      return MESSAGES.weakPassword;
    case 'validation':
    case 'conflict':
    case 'rate-limited':
      return error.message;
    default:
      return MESSAGES.generic;
  }
}
