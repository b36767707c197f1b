import { describe, expect, it } from 'vitest';
import type { SalesByDayResponse } from '#shared/schemas/admin.ts';
import {
  ADMIN_CACHE_TTL_MS,
  ADMIN_CURRENT_DATE,
  ADMIN_LAST_FETCH,
  ADMIN_SALES_CACHE,
  createAdminCache,
  type KeyValueStorage,
} from './admin-cache.ts';

class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const NOON = Date.parse('2026-03-10T12:00:00.000Z');

function day(
  setId: SalesByDayResponse['setId'],
  date: string,
  saleIds: string[] = ['a'],
): SalesByDayResponse {
  return {
    setId,
    date,
    total: saleIds.length,
    sales: saleIds.map((saleId) => ({
      saleId,
      cardId: 'base_set-4',
      cardName: 'Charizard',
      cardNumber: '4/102',
      rarity: 'Rare Holo',
      price: 100,
      date: `${date}T10:00:00.000Z`,
      seller: 'ash',
      imageUrl: null,
      grader: 'PSA',
      grade: 9,
    })),
  };
}

function setup() {
  const storage = new MemoryStorage();
  const clock = { now: NOON };
  const cache = createAdminCache(storage, () => clock.now);
  return { storage, clock, cache };
}

describe('admin sales cache', () => {
  it('answers from storage for five minutes per date and set, under the documented keys', () => {
    const { storage, clock, cache } = setup();
    cache.write(day('base_set', '2026-03-09', ['x']));
    expect(cache.read('base_set', '2026-03-09')?.sales[0]?.saleId).toBe('x');
    expect(cache.read('jungle_set', '2026-03-09')).toBeUndefined();
    expect(cache.read('base_set', '2026-03-08')).toBeUndefined();
    expect([...storage.items.keys()].sort()).toEqual(
      [ADMIN_CURRENT_DATE, ADMIN_LAST_FETCH, ADMIN_SALES_CACHE].sort(),
    );
    expect(storage.getItem(ADMIN_CURRENT_DATE)).toBe('2026-03-10');

    clock.now += ADMIN_CACHE_TTL_MS - 1;
    expect(cache.read('base_set', '2026-03-09')).toBeDefined();
    clock.now += 1;
    expect(cache.read('base_set', '2026-03-09')).toBeUndefined();
  });

  it('keeps each set and day apart and drops expired entries when writing', () => {
    const { storage, clock, cache } = setup();
    cache.write(day('base_set', '2026-03-09', ['old']));
    clock.now += ADMIN_CACHE_TTL_MS;
    cache.write(day('fossil_set', '2026-03-08', ['new']));
    expect(cache.read('fossil_set', '2026-03-08')?.sales[0]?.saleId).toBe('new');
    expect(Object.keys(JSON.parse(storage.getItem(ADMIN_SALES_CACHE) ?? '{}'))).toEqual([
      '2026-03-08|fossil_set',
    ]);
  });

  it('forgets everything when the day changes, because offsets count from today', () => {
    const { clock, cache } = setup();
    cache.write(day('base_set', '2026-03-09'));
    clock.now = Date.parse('2026-03-11T00:00:30.000Z');
    expect(cache.read('base_set', '2026-03-09')).toBeUndefined();
  });

  it('is emptied by clear (after a deletion, restore or import)', () => {
    const { storage, cache } = setup();
    cache.write(day('base_set', '2026-03-09'));
    cache.clear();
    expect(storage.items.size).toBe(0);
    expect(cache.read('base_set', '2026-03-09')).toBeUndefined();
  });

  it('survives damaged or full storage', () => {
    const { storage, cache } = setup();
    cache.write(day('base_set', '2026-03-09'));
    storage.setItem(ADMIN_SALES_CACHE, '{broken');
    expect(cache.read('base_set', '2026-03-09')).toBeUndefined();
    storage.full = true;
    expect(() => cache.write(day('base_set', '2026-03-09'))).not.toThrow();
    expect(storage.getItem(ADMIN_SALES_CACHE)).toBeNull();
  });

  it('keeps nothing without a storage', () => {
    const cache = createAdminCache(undefined);
    cache.write(day('base_set', '2026-03-09'));
    expect(cache.read('base_set', '2026-03-09')).toBeUndefined();
  });
});
