import { describe, expect, it } from 'vitest';
import { StreamCaps } from './stream-caps.ts';

describe('StreamCaps', () => {
  it('admits streams while every key is below its cap, and again once one is let go', () => {
    const caps = new StreamCaps();
    const limits = [
      { key: 'address:a', max: 3 },
      { key: 'account:x', max: 2 },
    ];
    const first = caps.admit(limits);
    const second = caps.admit(limits);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(caps.admit(limits)).toBeNull();
    // The address has room for a visitor; the account is full.
    expect(caps.admit([{ key: 'address:a', max: 3 }])).not.toBeNull();
    expect(caps.admit([{ key: 'address:a', max: 3 }])).toBeNull();

    first?.();
    first?.();
    expect(caps.admit([{ key: 'account:x', max: 2 }])).not.toBeNull();
    expect(caps.admit([{ key: 'account:x', max: 2 }])).toBeNull();
  });
});
