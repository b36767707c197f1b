import { type ErrorCode, MESSAGES } from '#shared/errors.ts';
import { ApiError } from '#web/lib/api-client.ts';

/**
 * docs/product.md §8: what the account modal shows for a failed sign-in or sign-up. Rule failures, a taken username
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
    case 'link-used':
    case 'link-expired':
    case 'link-invalid':
    // The server's own word that a way in is not offered here.
    case 'not-found':
    // A page opened at another address than the site's says which one to use.
    case 'forbidden':
      return error.message;
    default:
      return MESSAGES.generic;
  }
}

/** Refusals whose code names the field at fault although the API names no field. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, string>> = {
  'invalid-email': 'email',
  'email-already-in-use': 'email',
  'weak-password': 'password',
};

/** The field of an account form a refusal is about: the one the API named, or the one its code implies. */
export function authErrorField<F extends string>(error: unknown, fields: readonly F[]): F | null {
  if (!(error instanceof ApiError)) return null;
  const named = fields.find((field) => error.fields?.[field]);
  return named ?? fields.find((field) => field === FIELD_OF_CODE[error.code]) ?? null;
}
