import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_SLOWDOWN_FAILURES,
  ACCOUNT_SLOWDOWN_SECONDS,
  FREE_FAILURES_PER_CLIENT,
  MAX_CLIENT_WAIT_SECONDS,
  secondsToWait,
} from './sign-in-throttle.ts';

const now = new Date('2026-03-01T12:00:00.000Z');
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
const none = { count: 0, last: null };

describe('secondsToWait', () => {
  it('lets a client try freely up to the free failures', () => {
    const client = { count: FREE_FAILURES_PER_CLIENT - 1, last: secondsAgo(0) };
    expect(secondsToWait({ client, account: client }, false, now)).toBe(0);
  });

  it.each([
    [5, 15],
    [6, 30],
    [7, 60],
    [9, 240],
    [11, 900],
    [40, 900],
  ])('makes a client with %d failures wait %d s after its latest', (count, wait) => {
    const client = { count, last: secondsAgo(0) };
    expect(secondsToWait({ client, account: client }, false, now)).toBe(wait);
    expect(secondsToWait({ client, account: client }, true, now)).toBe(wait);
    expect(secondsToWait({ client: { count, last: secondsAgo(10) }, account: none }, false, now)).toBe(
      Math.max(0, wait - 10),
    );
  });

  it('never waits more than the maximum', () => {
    const client = { count: 10_000, last: secondsAgo(0) };
    expect(secondsToWait({ client, account: none }, false, now)).toBe(MAX_CLIENT_WAIT_SECONDS);
  });

  it('slows clients it does not know once the account is past its ceiling, and never a known device', () => {
    const account = { count: ACCOUNT_SLOWDOWN_FAILURES, last: secondsAgo(4) };
    expect(secondsToWait({ client: none, account }, false, now)).toBe(ACCOUNT_SLOWDOWN_SECONDS - 4);
    expect(secondsToWait({ client: none, account }, true, now)).toBe(0);
    const below = { count: ACCOUNT_SLOWDOWN_FAILURES - 1, last: secondsAgo(0) };
    expect(secondsToWait({ client: none, account: below }, false, now)).toBe(0);
  });
});
