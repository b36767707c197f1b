import { describe, expect, it } from 'vitest';
import { newSearchUrl, parseSearchState, type SearchState, searchStateToParams } from './search-state.ts';

const parse = (query: string) => parseSearchState(new URLSearchParams(query));

describe('home page URL state', () => {
  it('defaults to Analyse on Base Set with no search', () => {
    expect(parse('')).toEqual({
      mode: 'analyse',
      set: 'base_set',
      card: null,
      period: 'all',
      grader: null,
      grade: null,
      page: 1,
      includeFlagged: false,
    });
  });

  it('reads a full search', () => {
    expect(
      parse(
        'mode=consign&set=jungle_set&card=Scyther+non-holo&period=30d&grader=PSA&grade=9.5&page=3&flagged=1',
      ),
    ).toEqual({
      mode: 'consign',
      set: 'jungle_set',
      card: 'Scyther non-holo',
      period: '30d',
      grader: 'PSA',
      grade: 9.5,
      page: 3,
      includeFlagged: true,
    });
  });

  it('accepts the short set names and ignores values it does not know', () => {
    const state = parse('mode=trade&set=fossil&card=%20%20&period=7d&grader=XYZ&grade=11&page=-2');
    expect(state).toMatchObject({ mode: 'analyse', set: 'fossil_set', card: null, period: 'all', page: 1 });
    expect(state.grader).toBeNull();
    expect(state.grade).toBeNull();
    expect(parse('set=mars').set).toBe('base_set');
  });

  it('drops a grader without a grade and a grade without a grader', () => {
    expect(parse('card=Charizard&grader=PSA')).toMatchObject({ grader: null, grade: null });
    expect(parse('card=Charizard&grade=10')).toMatchObject({ grader: null, grade: null });
  });

  it('writes a search back so that reading it gives the same state', () => {
    const state: SearchState = {
      mode: 'analyse',
      set: 'base_set',
      card: 'Charizard',
      period: '90d',
      grader: 'BGS',
      grade: 9.5,
      page: 2,
      includeFlagged: true,
    };
    const params = searchStateToParams(state);
    expect(params.toString()).toBe(
      'mode=analyse&set=base_set&card=Charizard&period=90d&grader=BGS&grade=9.5&page=2&flagged=1',
    );
    expect(parseSearchState(params)).toEqual(state);
  });

  it('keeps only the mode when there is no search', () => {
    const params = searchStateToParams({ ...parse('period=30d&set=jungle_set'), mode: 'source' });
    expect(params.toString()).toBe('mode=source');
  });

  it('links into a mode with a new search for a card', () => {
    expect(newSearchUrl('analyse', 'jungle_set', 'Scyther non-holo')).toBe(
      '/?mode=analyse&set=jungle_set&card=Scyther+non-holo',
    );
    expect(newSearchUrl('source', 'base_set', "Farfetch'd")).toBe(
      '/?mode=source&set=base_set&card=Farfetch%27d',
    );
  });
});
