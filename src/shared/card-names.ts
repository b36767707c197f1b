/**
 * docs/product.md §5 card name rules, shared by the search box, the importer and every query that takes a card name.
 * Rare (non-holo) prints are named `<name> non-holo` so they never collide with the holo print of the same Pokémon.
 */
export const NON_HOLO_SUFFIX = ' non-holo';

const NON_HOLO_MARKER = /(^|\s)non-?holo(?=\s|$)/gi;

export function titleCaseWords(input: string): string {
  return input
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** Title-cases per word; a `non-holo`/`nonholo` marker anywhere is removed and ` non-holo` appended. */
export function normaliseCardName(input: string): string {
  const withoutMarker = input.replace(NON_HOLO_MARKER, ' ');
  const hadMarker = withoutMarker !== input;
  const base = titleCaseWords(withoutMarker);
  return hadMarker && base ? `${base}${NON_HOLO_SUFFIX}` : base;
}

/** Key for comparing names without caring about case or spacing. */
export function cardNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}
