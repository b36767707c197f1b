import { describe, expect, it } from 'vitest';
import { sameSitePath, signInProblemMessage } from './identity-providers.ts';

describe('returnTo', () => {
  it('keeps a path on this site', () => {
    for (const path of ['/', '/profile', '/card-sets/base-set?x=1#top'])
      expect(sameSitePath(path)).toBe(path);
  });

  it('ignores anything that could lead to another site', () => {
    for (const value of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'profile',
      '/a\\b',
      '/\tevil',
      '',
      undefined,
      42,
    ]) {
      expect(sameSitePath(value)).toBeNull();
    }
  });
});

describe('the problem page', () => {
  it('reads an unknown reason as a failed sign-in', () => {
    expect(signInProblemMessage('nonsense')).toBe(signInProblemMessage('failed'));
    expect(signInProblemMessage('cancelled')).toBe(
      'Sign-in was cancelled at the provider, so nobody was signed in.',
    );
  });
});
