import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

describe('GET /api/suggestions', () => {
  const t = useTestApp();
  const suggest = async (query: string) => {
    const response = await t.app.inject(`/api/suggestions?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json().suggestions as string[];
  };

  it('suggests names of the selected set containing the text, rare prints as "<name> non-holo"', async () => {
    expect(await suggest('set=jungle_set&q=SCY')).toEqual(['Scyther', 'Scyther non-holo']);
    expect(await suggest('set=base&q=electa')).toEqual(['Electabuzz non-holo']);
    expect(await suggest('set=fossil_set&q=charizard')).toEqual([]);
  });

  it('defaults to Base Set and gives at most 10 unique names', async () => {
    const names = await suggest('q=a');
    expect(names).toHaveLength(10);
    expect(new Set(names).size).toBe(10);
    expect(await suggest('q=zard')).toEqual(['Charizard']);
  });

  it('gives an empty list for empty text', async () => {
    expect(await suggest('set=base_set&q=')).toEqual([]);
    expect(await suggest('set=base_set')).toEqual([]);
  });

  it('refuses an unknown set or overlong text with 400 validation', async () => {
    for (const query of ['set=neo&q=a', `q=${'a'.repeat(101)}`]) {
      const response = await t.app.inject(`/api/suggestions?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation');
    }
  });
});
