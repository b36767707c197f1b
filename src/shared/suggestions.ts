import { cardNameKey } from './card-names.ts';
import { cardsOf } from './catalogue.ts';
import type { SetId } from './sets.ts';

/** docs/product.md §5 and §9: at most 10 suggestions. */
export const MAX_SUGGESTIONS = 10;

interface IndexedName {
  name: string;
  key: string;
  /** Offsets after the first where a word of the lower-cased name starts, for ranking word-start matches. */
  wordStarts: number[];
}

function wordStartsOf(key: string): number[] {
  const starts: number[] = [];
  for (let index = 1; index < key.length; index++) {
    if (/[\s.-]/.test(key[index - 1]!)) starts.push(index);
  }
  return starts;
}

const indexBySet = new Map<SetId, IndexedName[]>();

/** Search names are fixed per set, so they are lower-cased once rather than on every keystroke. */
function namesOf(setId: SetId): IndexedName[] {
  let names = indexBySet.get(setId);
  if (!names) {
    const seen = new Set<string>();
    names = [];
    for (const card of cardsOf(setId)) {
      const key = cardNameKey(card.searchName);
      if (seen.has(key)) continue;
      seen.add(key);
      names.push({ name: card.searchName, key, wordStarts: wordStartsOf(key) });
    }
    indexBySet.set(setId, names);
  }
  return names;
}

function queryKey(query: string): string {
  return cardNameKey(query).replace(/(^|\s)nonholo(?=\s|$)/g, '$1non-holo');
}

/**
 * Card names of the set containing what was typed (case-insensitive), unique, at most `limit`. Rare prints
 * come as `<name> non-holo` because that is their search name. Names starting with the text come first,
 * then names with a word starting with it, then the rest, each group in catalogue order.
 */
export function suggestCardNames(setId: SetId, query: string, limit: number = MAX_SUGGESTIONS): string[] {
  const wanted = queryKey(query);
  if (!wanted) return [];
  const ranked: [string[], string[], string[]] = [[], [], []];
  for (const entry of namesOf(setId)) {
    const at = entry.key.indexOf(wanted);
    if (at < 0) continue;
    const rank = at === 0 ? 0 : entry.wordStarts.some((start) => entry.key.startsWith(wanted, start)) ? 1 : 2;
    ranked[rank].push(entry.name);
    if (ranked[0].length >= limit) break;
  }
  return ranked.flat().slice(0, limit);
}
