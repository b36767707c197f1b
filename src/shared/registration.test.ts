import { describe, expect, it } from 'vitest';
import {
  couldNameAnAccount,
  firstProviderAccountProblem,
  firstRegistrationProblem,
  isValidEmail,
  REGISTRATION_MESSAGES as M,
  normaliseEmail,
  type RegistrationInput,
} from './registration.ts';
import { USERNAME_MESSAGES } from './usernames.ts';

const valid: RegistrationInput = {
  username: 'Misty',
  email: 'misty@example.com',
  password: 'starmie',
  verifyPassword: 'starmie',
  country: 'Japan',
  countryCode: 'JP',
};

describe('registration rules', () => {
  it('accepts a complete sign-up', () => {
    expect(firstRegistrationProblem(valid)).toBeNull();
  });

  it('reports only the first broken rule, in the order of docs/product.md §5', () => {
    const everythingWrong: RegistrationInput = {
      username: ' ',
      email: '',
      password: '',
      verifyPassword: 'x',
      country: '',
      countryCode: '',
    };
    const steps: [Partial<RegistrationInput>, string][] = [
      [{}, M.usernameRequired],
      [{ username: 'ab' }, M.usernameTooShort],
      [{ username: 'A\u200bsh' }, USERNAME_MESSAGES.invisible],
      [{ username: 'Аsh' }, USERNAME_MESSAGES.mixedScripts],
      [{ username: 'Ash' }, M.emailRequired],
      [{ email: 'ash@example.com' }, M.passwordRequired],
      [{ password: 'pika' }, M.passwordTooShort],
      [{ password: 'pikachu' }, M.passwordsDiffer],
      [{ verifyPassword: 'pikachu' }, M.countryNotPicked],
      [{ country: 'Japan' }, M.countryNotPicked],
      [{ countryCode: 'JP' }, ''],
    ];
    let input = everythingWrong;
    for (const [fix, message] of steps) {
      input = { ...input, ...fix };
      expect(firstRegistrationProblem(input)?.message ?? '').toBe(message);
    }
  });

  it('uses the exact texts of docs/product.md §5', () => {
    expect(Object.values(M)).toEqual(
      expect.arrayContaining([
        'Username is required',
        'Username must be at least 3 characters long',
        'Email is required',
        'Password is required',
        'Password must be at least 6 characters long',
        'Passwords do not match',
        'Please select a country from the suggestions',
      ]),
    );
  });

  it('names the field of the problem', () => {
    expect(firstRegistrationProblem({ ...valid, verifyPassword: 'other' })?.field).toBe('verifyPassword');
    expect(firstRegistrationProblem({ ...valid, countryCode: '' })?.field).toBe('country');
  });

  it('counts a username without its surrounding spaces and caps its length', () => {
    expect(firstRegistrationProblem({ ...valid, username: '  ab  ' })?.message).toBe(M.usernameTooShort);
    expect(firstRegistrationProblem({ ...valid, username: 'x'.repeat(31) })?.message).toBe(M.usernameTooLong);
  });
});

describe('emails', () => {
  it.each([
    'ash@example.com',
    'a.b+c@mail.example.co.uk',
    "o'brien@example.ie",
    'jürgen@müller.example',
    'x_y-z@sub-domain.example.com',
  ])('accepts the bare address %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each([
    'ash',
    'ash@',
    '@example.com',
    'ash@example',
    'a sh@example.com',
    'ash@@example.com',
    'evil<alice@example.com>',
    'x,victim@example.com',
    'x;victim@example.com',
    'Alice <alice@example.com>',
    '"alice"@example.com',
    'alice@example.com\r\nBcc: victim@example.com',
    'ali\u0000ce@example.com',
    'ali\u0085ce@example.com',
    'ali\u200bce@example.com',
    'alice(comment)@example.com',
    'a..b@example.com',
    '.ash@example.com',
    'ash@-example.com',
    'ash@example..com',
    `${'a'.repeat(65)}@example.com`,
    `ash@${'a'.repeat(250)}.com`,
  ])('refuses %j, which is not one bare address', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
  it('lets an address made before the rule name its account when signing in', () => {
    expect(couldNameAnAccount('x,victim@example.com')).toBe(true);
    expect(couldNameAnAccount('evil<alice@example.com>')).toBe(true);
    for (const text of ['nobody', '@example.com', 'ash@', '']) expect(couldNameAnAccount(text)).toBe(false);
  });
  it('compares emails without case', () => {
    expect(normaliseEmail('  Ash@Example.COM ')).toBe('ash@example.com');
  });
});

describe('an account from a provider', () => {
  it('checks the username rules, then the country, with the registration’s messages', () => {
    const m = M;
    expect(firstProviderAccountProblem({ username: '', country: '', countryCode: '' })?.message).toBe(
      m.usernameRequired,
    );
    expect(firstProviderAccountProblem({ username: 'ab', country: '', countryCode: '' })?.message).toBe(
      m.usernameTooShort,
    );
    expect(firstProviderAccountProblem({ username: 'Misty', country: 'Japan', countryCode: '' })).toEqual({
      field: 'country',
      message: m.countryNotPicked,
    });
    expect(
      firstProviderAccountProblem({ username: 'Misty', country: 'Japan', countryCode: 'JP' }),
    ).toBeNull();
  });
});
