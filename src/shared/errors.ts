/** Stable error codes of the API contract (docs/product.md §7) and the texts users see for them. */
export const ERROR_CODES = [
  'validation',
  'email-already-in-use',
  'email-not-verified',
  'sign-in-expired',
  'weak-password',
  'invalid-email',
  'invalid-credentials',
  'unauthenticated',
  'forbidden',
  'not-found',
  'conflict',
  'rate-limited',
  'payload-too-large',
  'unsupported-media-type',
  'psa-not-configured',
  'psa-unavailable',
  'service-unavailable',
  'link-used',
  'link-expired',
  'link-invalid',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

/** The texts users see (docs/product.md §8), verbatim. */
export const MESSAGES = {
  generic: 'An error occurred. Please try again.',
  invalidEmail: 'Please enter a valid email address.',
  invalidCredentials: 'Invalid email or password.',
  emailInUse: 'This email is already registered. Please login instead.',
  weakPassword: 'Password should be at least 6 characters long.',
  authenticationRequired: 'Authentication required',
  adminRequired: 'Admin permissions required',
  adminAccessRequired: 'Unauthorized: Admin access required',
  mustBeLoggedIn: 'User must be logged in',
  saleNotFound: 'Sale not found',
  collectionNotFound: 'Collection not found',
  cardIdMissing: 'Card ID is missing',
  deleteFailed: 'Failed to delete sales. Please try again.',
  noCertImage: 'No image available for this certification.',
  certFetchFailed: 'Error fetching card data: {message}',
  certNumberInvalid: 'Enter a PSA certificate number: digits only.',
  psaNotConfigured: 'Certificate lookups are unavailable right now. Please try again later.',
  notFound: 'We could not find what you were looking for.',
  rateLimited: 'Too many attempts. Please wait a moment and try again.',
  serviceUnavailable: 'Holoscope is temporarily unavailable. Please try again in a moment.',
  payloadTooLarge: 'That file is too large.',
  usernameTaken: 'This username is taken. Please choose another.',
  noUserLoggedIn: 'No user logged in',
} as const;

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
