import { describe, expect, it } from 'vitest';
import { formatUtc } from './feed-format.ts';

describe('formatUtc', () => {
  it('writes the UTC day and time of an instant', () => {
    expect(formatUtc('2026-11-24T06:05:00.000Z')).toBe('Nov 24, 2026 06:05 UTC');
  });
});
