import { describe, expect, it } from 'vitest';
import { MemoryCardCache } from './memory-card-cache.ts';

const bytes = (text: string) => Buffer.from(text);
const sizeOf = (value: Buffer) => value.byteLength;
const limits = { ttlMs: 5 * 60_000, maxBytes: 1024 };

describe('MemoryCardCache', () => {
  it('answers from memory for its time to live, then forgets', () => {
    let now = 0;
    const cache = new MemoryCardCache({ sizeOf, ...limits, now: () => now });
    cache.set('a', bytes('1'));
    now = 5 * 60_000 - 1;
    expect(cache.get('a')?.toString()).toBe('1');
    now = 5 * 60_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('evicts the least recently used entry when full', () => {
    const cache = new MemoryCardCache({ sizeOf, ...limits, maxEntries: 2 });
    cache.set('a', bytes('1'));
    cache.set('b', bytes('2'));
    cache.get('a');
    cache.set('c', bytes('3'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.toString()).toBe('1');
    expect(cache.get('c')?.toString()).toBe('3');
    expect(cache.size).toBe(2);
  });

  it('keeps its values within the byte budget, oldest out first', () => {
    const cache = new MemoryCardCache({ sizeOf, ...limits, maxBytes: 10 });
    cache.set('a', bytes('aaaa'));
    cache.set('b', bytes('bbbb'));
    cache.set('a', bytes('AAAA'));
    cache.set('c', bytes('cccc'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.toString()).toBe('AAAA');
    expect(cache.bytes).toBe(8);
    cache.set('huge', bytes('x'.repeat(11)));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('drops the entries of named cards, keyed by card id alone or followed by |, and moves to a new generation', () => {
    const cache = new MemoryCardCache({ sizeOf, ...limits });
    for (const key of ['base_set-4', 'base_set-4|all|1', 'base_set-40|all|1', 'base_set-2|ladder'])
      cache.set(key, bytes(key));
    const before = cache.generation;
    cache.dropCards(['base_set-4', 'jungle_set-1']);
    expect(cache.get('base_set-4')).toBeUndefined();
    expect(cache.get('base_set-4|all|1')).toBeUndefined();
    expect(cache.get('base_set-40|all|1')?.toString()).toBe('base_set-40|all|1');
    expect(cache.get('base_set-2|ladder')?.toString()).toBe('base_set-2|ladder');
    expect(cache.generation).not.toBe(before);
    expect(cache.bytes).toBe('base_set-40|all|1'.length + 'base_set-2|ladder'.length);
  });

  it('drops everything on clear and moves to a new generation', () => {
    const cache = new MemoryCardCache({ sizeOf, ...limits });
    cache.set('a', bytes('1'));
    const before = cache.generation;
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.generation).not.toBe(before);
    expect(cache.bytes).toBe(0);
  });
});
