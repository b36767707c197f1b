import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/errors.ts';
import { REGISTRATION_MESSAGES } from '#shared/registration.ts';
import { USERNAME_MESSAGES } from '#shared/usernames.ts';
import { registerUser, registrationBody, someIp } from '../../../../tests/helpers/auth.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

/** Usernames as decision 014 has them: one visible form, one owner per look. */
describe('usernames at sign-up', () => {
  const t = useTestApp();

  const register = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationBody({ username }),
      remoteAddress: someIp(),
    });

  const usersNamed = async (key: string) =>
    t.database.handle.db
      .selectFrom('users')
      .select(['username', 'username_key'])
      .where('username_key', '=', key)
      .execute();

  it.each([
    ['a zero-width space', 'Ash\u200bKetchum'],
    ['a zero-width joiner', 'Mi\u200dsty'],
    ['a right-to-left override', 'Brock\u202Egnp.exe'],
    ['a left-to-right isolate', '\u2066Gary\u2069Oak'],
    ['a byte order mark', 'Prof\ufeffessor'],
    ['a soft hyphen', 'Pika\u00adchu'],
    ['a control character', 'Team\u0007Rocket'],
    ['a line break', 'Nurse\nJoy'],
    ['a tab', 'Officer\tJenny'],
    ['a Hangul filler', 'Ho\u3164Oh'],
    ['a Braille blank', 'Mew\u2800Two'],
    ['a variation selector', 'Eevee\ufe0fFan'],
    ['a private-use character', 'Ditto\ue000'],
    ['a combining mark with nothing under it', '\u0301\u0301Abra'],
  ])('refuses %s', async (_what, username) => {
    const response = await register(username);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'validation',
      message: USERNAME_MESSAGES.invisible,
      fields: { username: USERNAME_MESSAGES.invisible },
    });
  });

  it.each([
    ['Latin with a Cyrillic а', 'Misty\u0430'],
    ['Latin with a Greek ο', 'Br\u03bfck'],
    ['Cyrillic with Greek', '\u0418\u0432\u03b1\u043d'],
  ])('refuses a name mixing %s', async (_what, username) => {
    const response = await register(username);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: USERNAME_MESSAGES.mixedScripts,
      fields: { username: USERNAME_MESSAGES.mixedScripts },
    });
  });

  it.each([
    ['Cyrillic', 'Иван_Покемон'],
    ['Greek', 'Αλέξανδρος'],
    ['Japanese (kana and kanji together)', 'ポケモン大好き'],
    ['Korean', '피카츄팬'],
    ['Arabic', 'محمد'],
    ['Latin with accents, digits, a space and punctuation', "Zoë O'Neil-99"],
  ])('takes a name written in %s', async (_what, username) => {
    const response = await register(username);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().user.username).toBe(username);
  });

  it('stores the name in its NFKC form', async () => {
    const response = await register('ﬁreﬂy\u2160');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().user.username).toBe('fireflyI');
  });

  it.each([
    ['another case', 'CHARMANDERFAN'],
    ['full-width letters', 'Ｃｈａｒｍａｎｄｅｒｆａｎ'],
    ['mathematical bold letters', '𝐂𝐡𝐚𝐫𝐦𝐚𝐧𝐝𝐞𝐫𝐟𝐚𝐧'],
  ])('keeps a name taken when it comes back in %s', async (_what, username) => {
    if (!(await usersNamed('charmanderfan')).length) await registerUser(t.app, { username: 'CharmanderFan' });
    const response = await register(username);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'conflict', message: MESSAGES.usernameTaken });
  });

  it('treats a name spelt wholly in Cyrillic or Greek look-alikes of Latin letters as the Latin name', async () => {
    await registerUser(t.app, { username: 'Pop' });
    await registerUser(t.app, { username: 'Ekko' });
    for (const lookAlike of ['\u0420\u043e\u0440', '\u0395\u039a\u039a\u039f']) {
      const response = await register(lookAlike);
      expect(response.statusCode, lookAlike).toBe(409);
      expect(response.json().error.message).toBe(MESSAGES.usernameTaken);
    }
  });

  it('counts the length of the name once normalised, so an accent is part of its letter', async () => {
    const short = await register('e\u0301e');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(REGISTRATION_MESSAGES.usernameTooShort);
    const decomposed = await register('Cafe\u0301Owner');
    expect(decomposed.statusCode, decomposed.body).toBe(201);
    expect(decomposed.json().user.username).toBe('Caf\u00e9Owner');
  });
});
