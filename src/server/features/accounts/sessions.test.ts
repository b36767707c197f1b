import { describe, expect, it } from 'vitest';
import {
  isSessionLive,
  needsTouch,
  newSessionTimes,
  newSessionToken,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  sessionIdOf,
} from './sessions.ts';

const HOUR = 3_600_000;

describe('session tokens', () => {
  it('are 256 random bits, stored only as a SHA-256', () => {
    const token = newSessionToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newSessionToken()).not.toBe(token);
    expect(sessionIdOf(token)).toMatch(/^[a-f0-9]{64}$/);
    expect(sessionIdOf(token)).toBe(sessionIdOf(token));
  });
});

describe('session lifetime', () => {
  const start = new Date('2026-01-01T00:00:00.000Z');
  const times = newSessionTimes(start);
  const at = (ms: number) => new Date(start.getTime() + ms);

  it('lasts 30 days at most', () => {
    expect(new Date(times.expiresAt).getTime() - start.getTime()).toBe(SESSION_ABSOLUTE_MS);
    const usedDaily = { ...times, lastSeenAt: at(SESSION_ABSOLUTE_MS - HOUR).toISOString() };
    expect(isSessionLive(usedDaily, at(SESSION_ABSOLUTE_MS - 1000))).toBe(true);
    expect(isSessionLive(usedDaily, at(SESSION_ABSOLUTE_MS))).toBe(false);
  });

  it('ends after a week without use', () => {
    expect(isSessionLive(times, at(SESSION_IDLE_MS - 1000))).toBe(true);
    expect(isSessionLive(times, at(SESSION_IDLE_MS))).toBe(false);
  });

  it('is marked as used at most once an hour', () => {
    expect(needsTouch(times.lastSeenAt, at(HOUR - 1000))).toBe(false);
    expect(needsTouch(times.lastSeenAt, at(HOUR))).toBe(true);
  });
});
