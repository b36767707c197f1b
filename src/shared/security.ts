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

/** The other ways in a person can add to an account before removing its last one; a passkey is always one. */
export interface WaysToAdd {
  /** A password can be set through Forgot password? (the deployment sends mail). */
  passwordByMail: boolean;
  /** The deployment has an identity provider to link. */
  provider: boolean;
}

function firstAdd(passkey: string, ways: WaysToAdd): string {
  const steps = [
    `add ${passkey} under Security`,
    ...(ways.provider ? ['link a provider under Sign-in providers'] : []),
    ...(ways.passwordByMail ? ['set a password: sign out and choose Forgot password? when you sign in'] : []),
  ];
  return `First ${steps.slice(0, -1).join(', ')}${steps.length > 1 ? ', or ' : ''}${steps.at(-1)}.`;
}

/** Refusals to remove an account's only way in (409): what it is, and what to add first. */
export const ONLY_WAY_IN_MESSAGES = {
  provider: (providerName: string, passwordByMail: boolean) =>
    `${providerName} is the only way into your account, so it cannot be unlinked yet. ${firstAdd('a passkey', { provider: false, passwordByMail })}`,
  passkey: (ways: WaysToAdd) =>
    `This passkey is the only way into your account, so it cannot be removed yet. ${firstAdd('another passkey', ways)}`,
} as const;
