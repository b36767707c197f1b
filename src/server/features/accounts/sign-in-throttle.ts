/**
 * How guessing passwords is slowed without letting a stranger lock an account
 * (docs/decisions/013-sign-in-throttling.md explains the numbers). Failures are counted per account and
 * client: a client is the address an attempt came from, or the known device it came with.
 */
export const FAILURE_WINDOW_MS = 60 * 60 * 1000;
/** Wrong passwords a client may send an account in the window before it has to wait. */
export const FREE_FAILURES_PER_CLIENT = 5;
/** The wait after the first failure past the free ones; it doubles with each further failure. */
export const FIRST_CLIENT_WAIT_SECONDS = 15;
/** The longest a client waits between attempts, however many it has failed. */
export const MAX_CLIENT_WAIT_SECONDS = 15 * 60;
/** Failures on an account from everywhere in the window past which clients it does not know are slowed. */
export const ACCOUNT_SLOWDOWN_FAILURES = 300;
/** Past that ceiling, the wait after the account's latest failure for a client that is not a known device. */
export const ACCOUNT_SLOWDOWN_SECONDS = 30;

export interface FailureTally {
  /** Failures in the window. */
  count: number;
  /** When the latest of them was (ISO 8601), or null. */
  last: string | null;
}

export interface FailureTallies {
  /** This client's failures on the account. */
  client: FailureTally;
  /** Everyone's failures on the account. */
  account: FailureTally;
}

function secondsLeft(last: string | null, waitSeconds: number, now: Date): number {
  if (!last) return 0;
  const freeAt = new Date(last).getTime() + waitSeconds * 1000;
  return Math.max(0, Math.ceil((freeAt - now.getTime()) / 1000));
}

/** A client's wait doubles with each failure past the free ones: 15 s, 30 s, 1 min … up to 15 minutes. */
function clientWait({ count, last }: FailureTally, now: Date): number {
  if (count < FREE_FAILURES_PER_CLIENT) return 0;
  const doublings = Math.min(count - FREE_FAILURES_PER_CLIENT, 16);
  const wait = Math.min(FIRST_CLIENT_WAIT_SECONDS * 2 ** doublings, MAX_CLIENT_WAIT_SECONDS);
  return secondsLeft(last, wait, now);
}

function accountWait({ count, last }: FailureTally, now: Date): number {
  if (count < ACCOUNT_SLOWDOWN_FAILURES) return 0;
  return secondsLeft(last, ACCOUNT_SLOWDOWN_SECONDS, now);
}

/**
 * Seconds this client must still wait before it may try the account's password; 0 when it may try now. A
 * known device answers only for its own failures, so strangers hammering the account never hold it up.
 */
export function secondsToWait(tallies: FailureTallies, knownDevice: boolean, now: Date): number {
  const client = clientWait(tallies.client, now);
  return knownDevice ? client : Math.max(client, accountWait(tallies.account, now));
}
