/** SPEC.md §9: a sign-in request gives up after 30 seconds, or 60 on a phone, whose network is slower. */
export const SIGN_IN_TIMEOUT_MS = { desktop: 30_000, phone: 60_000 } as const;

interface NavigatorLike {
  userAgent: string;
  userAgentData?: { mobile?: boolean };
}

export function isPhone(nav: NavigatorLike): boolean {
  return nav.userAgentData?.mobile ?? /Mobi|Android|iPhone|iPod/i.test(nav.userAgent);
}

export function signInTimeoutMs(nav: NavigatorLike = navigator): number {
  return isPhone(nav) ? SIGN_IN_TIMEOUT_MS.phone : SIGN_IN_TIMEOUT_MS.desktop;
}
