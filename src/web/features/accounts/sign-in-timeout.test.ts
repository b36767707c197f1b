import { describe, expect, it } from 'vitest';
import { signInTimeoutMs } from './sign-in-timeout.ts';

describe('the sign-in request timeout', () => {
  it('is 30 seconds on a desktop browser and 60 on a phone', () => {
    const desktop =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    expect(signInTimeoutMs({ userAgent: desktop })).toBe(30_000);
    expect(signInTimeoutMs({ userAgent: iphone })).toBe(60_000);
    expect(signInTimeoutMs({ userAgent: android })).toBe(60_000);
    // Client hints win over the user agent string where the browser gives them.
    expect(signInTimeoutMs({ userAgent: android, userAgentData: { mobile: false } })).toBe(30_000);
    expect(signInTimeoutMs({ userAgent: desktop, userAgentData: { mobile: true } })).toBe(60_000);
  });
});
