import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { authErrorMessage } from './auth-errors.ts';

describe('account modal error texts', () => {
  it.each([
    ['invalid-email', 400, 'Please enter a valid email address.'],
    ['invalid-credentials', 401, 'Invalid email or password.'],
    ['email-already-in-use', 409, 'This email is already registered. Please login instead.'],
    ['weak-password', 400, 'Password should be at least 6 characters long.'],
    ['internal', 500, 'An error occurred. Please try again.'],
    ['service-unavailable', 0, 'An error occurred. Please try again.'],
  ] as const)('shows SPEC.md §8 text for %s', (code, status, text) => {
    expect(authErrorMessage(new ApiError(status, code, 'server wording'))).toBe(text);
  });

  it("passes on the server's message for rules, a taken username and rate limits", () => {
    expect(authErrorMessage(new ApiError(400, 'validation', 'Passwords do not match'))).toBe(
      'Passwords do not match',
    );
    expect(
      authErrorMessage(new ApiError(429, 'rate-limited', 'Too many attempts. Please try again in 1 minute.')),
    ).toBe('Too many attempts. Please try again in 1 minute.');
  });

  it('shows the generic text for errors that are not API errors', () => {
    expect(authErrorMessage(new TypeError('boom'))).toBe('An error occurred. Please try again.');
  });
});
