import { describe, expect, it } from 'vitest';
import { waitMessage } from './accounts.service.ts';

describe('the wait a rate-limited request is told', () => {
  it('counts seconds below a minute, in the singular for one, and whole minutes rounded up after', () => {
    expect(waitMessage(1)).toBe('Too many attempts. Please try again in 1 second.');
    expect(waitMessage(42)).toBe('Too many attempts. Please try again in 42 seconds.');
    expect(waitMessage(60)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(waitMessage(61)).toBe('Too many attempts. Please try again in 2 minutes.');
  });
});
