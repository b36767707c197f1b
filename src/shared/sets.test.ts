import { describe, expect, it } from 'vitest';
import { getSetBySlug, parseSetId } from './sets.ts';

describe('sets', () => {
  it('accepts set ids and the short forms', () => {
    expect(parseSetId('base_set')).toBe('base_set');
    expect(parseSetId('Jungle')).toBe('jungle_set');
    expect(parseSetId('fossil')).toBe('fossil_set');
    expect(parseSetId('team_rocket')).toBeUndefined();
  });

  it('finds galleries by slug', () => {
    expect(getSetBySlug('fossil-set')?.id).toBe('fossil_set');
    expect(getSetBySlug('base')).toBeUndefined();
  });
});
