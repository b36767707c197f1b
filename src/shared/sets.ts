/** The three sets Holoscope covers, with their ids, names and the URL slugs of their galleries. */
export const SET_IDS = ['base_set', 'jungle_set', 'fossil_set'] as const;
export type SetId = (typeof SET_IDS)[number];

export const DEFAULT_SET_ID: SetId = 'base_set';

export interface SetInfo {
  id: SetId;
  name: string;
  /** Short form used by the collection forms and filters. */
  short: 'base' | 'jungle' | 'fossil';
  /** Route segment of the gallery: /card-sets/{slug}. */
  slug: 'base-set' | 'jungle-set' | 'fossil-set';
  /** Prefix of the static image folder: /{imageFolder}SetImages/. */
  imageFolder: 'Base' | 'Jungle' | 'Fossil';
}

export const SETS: readonly SetInfo[] = [
  { id: 'base_set', name: 'Base Set', short: 'base', slug: 'base-set', imageFolder: 'Base' },
  { id: 'jungle_set', name: 'Jungle', short: 'jungle', slug: 'jungle-set', imageFolder: 'Jungle' },
  { id: 'fossil_set', name: 'Fossil', short: 'fossil', slug: 'fossil-set', imageFolder: 'Fossil' },
];

export function isSetId(value: string): value is SetId {
  return (SET_IDS as readonly string[]).includes(value);
}

/** Accepts a set id or its short form (`base`, `jungle`, `fossil`); undefined when neither. */
export function parseSetId(value: string): SetId | undefined {
  const lower = value.trim().toLowerCase();
  if (isSetId(lower)) return lower;
  return SETS.find((set) => set.short === lower)?.id;
}

export function getSet(id: SetId): SetInfo {
  const set = SETS.find((candidate) => candidate.id === id);
  if (!set) throw new Error(`Unknown set ${id}`);
  return set;
}

export function getSetBySlug(slug: string): SetInfo | undefined {
  return SETS.find((set) => set.slug === slug);
}
