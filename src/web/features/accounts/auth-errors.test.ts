import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { authErrorField, authErrorMessage } from './auth-errors.ts';

describe('account modal error texts', () => {
  it.each([
    ['invalid-email', 400, 'Please enter a valid email address.'],
    ['invalid-credentials', 401, 'Invalid email or password.'],
    ['email-already-in-use', 409, 'This email is already registered. Please login instead.'],
    ['weak-password', 400, 'Password should be at least 6 characters long.'],
    ['internal', 500, 'An error occurred. Please try again.'],
    ['service-unavailable', 0, 'An error occurred. Please try again.'],
  ] as const)('shows docs/product.md §8 text for %s', (code, status, text) => {
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

  it('passes on why a link is refused, and a way in the server does not offer', () => {
    const used = 'This sign-in link has been used already. Ask for a new one from the sign-in form.';
    expect(authErrorMessage(new ApiError(410, 'link-used', used))).toBe(used);
    const unavailable = 'Sign-in links by email are not available on this server.';
    expect(authErrorMessage(new ApiError(404, 'not-found', unavailable))).toBe(unavailable);
  });

  it('shows the generic text for errors that are not API errors', () => {
    expect(authErrorMessage(new TypeError('boom'))).toBe('An error occurred. Please try again.');
  });
});

describe('the account form field a refusal is about', () => {
  const signUp = ['username', 'email', 'password', 'verifyPassword', 'country'] as const;

  it('is the field the API named', () => {
    const taken = new ApiError(409, 'conflict', 'That username is taken.', {
      username: 'That username is taken.',
    });
    expect(authErrorField(taken, signUp)).toBe('username');
  });

  it('is the field a code implies when the API names none', () => {
    expect(authErrorField(new ApiError(400, 'invalid-email', 'x'), signUp)).toBe('email');
    expect(authErrorField(new ApiError(409, 'email-already-in-use', 'x'), signUp)).toBe('email');
    expect(authErrorField(new ApiError(400, 'weak-password', 'x'), signUp)).toBe('password');
  });

  it('is none for a refusal of the whole form, or a field the form does not have', () => {
    expect(authErrorField(new ApiError(401, 'invalid-credentials', 'x'), ['email', 'password'])).toBeNull();
    expect(authErrorField(new ApiError(400, 'weak-password', 'x'), ['email'])).toBeNull();
    expect(authErrorField(new TypeError('boom'), signUp)).toBeNull();
  });
});
