import { describe, expect, it } from 'vitest';
import {
  normaliseUsername,
  USERNAME_MESSAGES,
  usernameCharacterProblem,
  usernameKey,
  usernameLength,
} from './usernames.ts';

describe('normaliseUsername', () => {
  it('makes full-width, ligature and styled letters plain and trims', () => {
    expect(normaliseUsername('  Ｍｉｓｔｙ ')).toBe('Misty');
    expect(normaliseUsername('ﬂareon')).toBe('flareon');
    expect(normaliseUsername('𝐁𝐫𝐨𝐜𝐤')).toBe('Brock');
    expect(normaliseUsername('Cafe\u0301')).toBe('Caf\u00e9');
  });

  it('counts code points of the normalised form', () => {
    expect(usernameLength(normaliseUsername('e\u0301e'))).toBe(2);
    expect(usernameLength('🔥🔥🔥')).toBe(3);
  });
});

describe('usernameCharacterProblem', () => {
  it.each([
    'Ash\u200b',
    'A\u200csh',
    'As\u2060h',
    'Brock\u202e',
    'Brock\u202d',
    '\u2067Misty',
    'Gary\u0000',
    'Gary\u007f',
    'Gary\u0085',
    'Oak\u2028Tree',
    'Oak\u2029Tree',
    'Ho\u115fOh',
    'Ho\ufe0eOh',
    'Tag\u{e0041}',
    'Braille\u2800',
    'Private\u{f0000}',
    'Unassigned\u0378',
    'Lone\ud800',
    'Ogham\u1680Space',
    '\u0300Abra',
  ])('refuses %j as invisible', (name) => {
    expect(usernameCharacterProblem(name)).toBe(USERNAME_MESSAGES.invisible);
  });

  it.each(['Mist\u0443', 'Bro\u03bac', '\u0418\u0432\u03b1\u043d', 'Ash\u0570', 'Ash\u13a0'])(
    'refuses %j as mixing look-alike scripts',
    (name) => {
      expect(usernameCharacterProblem(name)).toBe(USERNAME_MESSAGES.mixedScripts);
    },
  );

  it.each([
    'Misty Waters',
    "Zoë O'Neil-99",
    'Иван_Покемон',
    'Αλέξανδρος',
    'ポケモン大好き',
    'Pikachu大好き',
    '피카츄팬',
    'محمد',
    'שלום',
    'नमस्ते',
    'Ash🔥',
  ])('takes %j', (name) => {
    expect(usernameCharacterProblem(name)).toBeNull();
  });
});

describe('usernameKey', () => {
  it.each([
    ['MistyWaters', ' mistywaters '],
    ['MistyWaters', 'ＭＩＳＴＹＷＡＴＥＲＳ'],
    ['Strasse', 'Straße'],
    ['Misty Waters', 'Misty   Waters'],
    ['Ash', 'As\u200bh'],
    ['Pop', '\u0420\u043e\u0440'],
    ['EKKO', '\u0395\u039a\u039a\u039f'],
    ['Café', 'Cafe\u0301'],
  ])('gives %j and %j the same key', (first, second) => {
    expect(usernameKey(first)).toBe(usernameKey(second));
  });

  it.each([
    ['Misty', 'Misti'],
    ['Иван', 'Ivan'],
    ['Misty Waters', 'MistyWaters'],
  ])('tells %j and %j apart', (first, second) => {
    expect(usernameKey(first)).not.toBe(usernameKey(second));
  });

  it('keeps plain lower-case ASCII names as they are', () => {
    expect(usernameKey('holotrainer12')).toBe('holotrainer12');
  });
});
