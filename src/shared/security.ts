/**
 * The own profile's Security section (docs/product.md): passkeys, signed-in devices and the password change,
 * with the texts users see, said once for the server and the web app.
 */
export const PASSKEY_NAME_MAX_LENGTH = 60;

export const SECURITY_MESSAGES = {
  passkeyNotChecked: 'Your passkey could not be checked. Please try again.',
  passkeyUnknown:
    'This passkey is not registered with Holoscope. Sign in another way, then add it in your profile.',
  passkeyRequestExpired: 'This passkey request has expired. Please try again.',
  passkeyCancelled: 'The passkey prompt was closed before it finished.',
  passkeyAlreadyAdded: 'This passkey is already added to your account.',
  passkeysUnsupported: 'This browser cannot use passkeys.',
  passkeyNotFound: 'This passkey is not on your account.',
  passkeyNameRequired: 'Please enter a name for the passkey.',
  passkeyNameTooLong: `A passkey name can be at most ${PASSKEY_NAME_MAX_LENGTH} characters long.`,
  deviceNotFound: 'This device is already signed out.',
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
} as const;

/** The first problem with a passkey's new name, or null. Names are trimmed before they are checked and stored. */
export function passkeyNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return SECURITY_MESSAGES.passkeyNameRequired;
  if (trimmed.length > PASSKEY_NAME_MAX_LENGTH) return SECURITY_MESSAGES.passkeyNameTooLong;
  return null;
}
