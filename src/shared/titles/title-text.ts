/**
 * Listing titles are matched after one normalisation: lower case, accents dropped (Pokémon → pokemon), curly
 * quotes made straight, and everything that is not a letter, digit or one of the few marks the rules read
 * (# / . ' - parentheses, ♂ ♀) made a space, so emoji and seller decoration never split or join words.
 */
export function normaliseTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/[^a-z0-9#/.'()♂♀\s-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Japanese, Chinese or Korean script in the raw title: a print in one of those languages. */
export function hasCjkScript(title: string): boolean {
  return /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(title);
}

/**
 * A pattern that matches only whole words: the text around it is not a letter or digit. `source` is a regular
 * expression over normalised text.
 */
export function wordPattern(source: string, flags = ''): RegExp {
  return new RegExp(`(?<![a-z0-9])(?:${source})(?![a-z0-9])`, flags);
}

export interface Found {
  text: string;
  start: number;
  end: number;
}

export function findAll(text: string, pattern: RegExp): Found[] {
  const global = pattern.flags.includes('g') ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
  return [...text.matchAll(global)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/**
 * The text with the found stretches made spaces, so later rules do not read them again. Built in one pass over
 * the stretches in order, so a title with thousands of them costs no more than its length.
 */
export function blankOut(text: string, found: readonly Found[]): string {
  if (found.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const { start, end } of [...found].sort((a, b) => a.start - b.start)) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    parts.push(text.slice(at, from), ' '.repeat(end - from));
    at = end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
