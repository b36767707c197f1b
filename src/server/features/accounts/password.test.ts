import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it("uses argon2id with OWASP's parameters and a salt per hash", async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'Correct horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse')).toBe(false);
  });

  it('never accepts anything when there is no account', async () => {
    expect(await verifyAgainstNothing('')).toBe(false);
    expect(await verifyAgainstNothing('correct horse')).toBe(false);
  });
});
