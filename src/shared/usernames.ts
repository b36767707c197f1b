/**
 * Usernames as docs/decisions/014-usernames.md has them: one visible form per name and one owner per look.
 * The sign-up form and the server use these same rules and messages.
 */
export const USERNAME_MESSAGES = {
  invisible: 'Usernames cannot contain invisible, control or formatting characters',
  mixedScripts: 'Usernames cannot mix Latin, Cyrillic, Greek, Armenian or Cherokee letters',
} as const;

/**
 * Characters that show nothing, steer the text or hide in it: controls, format characters (zero-width
 * spaces and joiners, bidi overrides and isolates, the byte order mark, soft hyphens), private-use,
 * unassigned and lone surrogate code points, line and paragraph separators, default-ignorable code points
 * (Hangul fillers, variation selectors), the blank Braille pattern, any white space but a plain space, and
 * a combining mark with no letter under it.
 */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]|[^\S ]|^\p{M}/u;

/** Scripts whose letters look like one another's; a name uses at most one of them. */
const LOOK_ALIKE_SCRIPTS = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
] as const;

/**
 * Cyrillic and Greek letters that look like a Latin letter, read as that letter for uniqueness, so a name
 * spelt wholly in look-alikes (Cyrillic "Рор") is the Latin name it imitates ("Pop"). Mapped before case
 * folding, because some look alike only in one case (Greek Η is H, η is not).
 */
const LOOK_ALIKES_FROM = 'АВЕКМНОРСТУХЅІЈԚԜӀаекорсухѕіјһԁԛԝӏΑΒΕΖΗΙΚΜΝΟΡΤΥΧαγικνορυχ';
const LOOK_ALIKES_TO = 'ABEKMHOPCTYXSIJQWIaekopcyxsijhdqwlABEZHIKMNOPTYXayikvopux';
const LOOK_ALIKE_LETTERS = new Map(
  [...LOOK_ALIKES_FROM].map((letter, index) => [letter, LOOK_ALIKES_TO[index]]),
);

/** The form a username is stored and shown in: NFKC (full-width, ligatures and styled letters made plain), trimmed. */
export function normaliseUsername(username: string): string {
  return username.normalize('NFKC').trim();
}

/** Length in code points of the normalised name, so a decomposed accent counts as part of its letter. */
export function usernameLength(normalised: string): number {
  return [...normalised].length;
}

/** What is wrong with the characters of a normalised username, or null. */
export function usernameCharacterProblem(normalised: string): string | null {
  if (INVISIBLE.test(normalised)) return USERNAME_MESSAGES.invisible;
  const scripts = LOOK_ALIKE_SCRIPTS.filter(([, letters]) => letters.test(normalised));
  if (scripts.length > 1) return USERNAME_MESSAGES.mixedScripts;
  return null;
}

/**
 * The key usernames are unique on: the normalised name without default-ignorable code points, with runs of
 * white space as one space, look-alike letters read as Latin, case-folded (upper then lower case, so ß is
 * ss) and normalised again. Two names with the same key look the same; the second is refused as taken.
 */
export function usernameKey(username: string): string {
  const plain = normaliseUsername(username)
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .replace(/\s+/gu, ' ');
  const latin = [...plain].map((character) => LOOK_ALIKE_LETTERS.get(character) ?? character).join('');
  return latin.toUpperCase().toLowerCase().normalize('NFKC');
}
