import { describe, expect, it } from 'vitest';
import { staleKeys } from './live-keys.ts';

describe('live event invalidation', () => {
  it("refreshes a changed profile everywhere, and the session only for the user's own", () => {
    expect(staleKeys('profile', 'u1', 'u2')).toEqual([['users', 'u1'], ['collectors']]);
    expect(staleKeys('profile', 'u1', 'u1')).toContainEqual(['session']);
  });

  it('refreshes lists on collection changes and offers on offer changes', () => {
    expect(staleKeys('collection', 'u1', null)).toEqual([['users', 'u1'], ['collectors']]);
    expect(staleKeys('offer', 'u1', 'u1')).toContainEqual(['offers']);
  });

  it("refreshes the bell's notifications and the inbox's highlights on a notification event", () => {
    expect(staleKeys('notification', 'u1', 'u1')).toEqual([['notifications'], ['offers', 'inbox']]);
  });
});
