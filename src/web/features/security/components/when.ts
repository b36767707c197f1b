const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Nov 28, 2026, 5:42 PM: when a device was last seen or a passkey last used, in the reader's time zone. */
export function formatWhen(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}
