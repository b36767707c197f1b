import { MESSAGES } from '#shared/errors.ts';
import { SECURITY_MESSAGES } from '#shared/security.ts';
import { ApiError } from './api-client.ts';

/** Whether this browser has WebAuthn at all; the passkey buttons are shown only where it has. */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * What to show when a passkey prompt or its check failed: the person closing the prompt, an authenticator
 * that already holds a passkey for the account, or the server's own refusal; anything else is generic.
 */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return ['validation', 'invalid-credentials', 'conflict', 'rate-limited', 'not-found'].includes(error.code)
      ? error.message
      : MESSAGES.generic;
  }
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return SECURITY_MESSAGES.passkeyCancelled;
  if (name === 'InvalidStateError') return SECURITY_MESSAGES.passkeyAlreadyAdded;
  if (name === 'NotSupportedError') return SECURITY_MESSAGES.passkeysUnsupported;
  return MESSAGES.generic;
}
