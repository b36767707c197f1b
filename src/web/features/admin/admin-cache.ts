import type { SalesByDayResponse } from '#shared/schemas/admin.ts';
import type { SetId } from '#shared/sets.ts';

/**
 * docs/product.md §9: the admin's day lists are kept in local storage for 5 minutes per target date and set, under
 * these three keys. They are dropped after a deletion, restore or import (and on logout, by the accounts
 * feature), so an admin never acts on a list that no longer matches the database.
 */
export const ADMIN_SALES_CACHE = 'admin_sales_cache';
export const ADMIN_LAST_FETCH = 'admin_last_fetch';
export const ADMIN_CURRENT_DATE = 'admin_current_date';
export const ADMIN_CACHE_TTL_MS = 5 * 60_000;

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

type Entries = Record<string, SalesByDayResponse>;
type FetchTimes = Record<string, number>;

function entryKey(setId: SetId, date: string): string {
  return `${date}|${setId}`;
}

function todayOf(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

function readJson<T extends object>(storage: KeyValueStorage, key: string): T {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? '{}');
    return (typeof value === 'object' && value !== null ? value : {}) as T;
  } catch {
    return {} as T;
  }
}

interface AdminCache {
  read(setId: SetId, date: string): SalesByDayResponse | undefined;
  write(day: SalesByDayResponse): void;
  clear(): void;
}

/** The cache over a storage; without one (no window, storage blocked) it keeps nothing. */
export function createAdminCache(
  storage: KeyValueStorage | undefined,
  now: () => number = Date.now,
): AdminCache {
  const clear = () => {
    if (!storage) return;
    for (const key of [ADMIN_SALES_CACHE, ADMIN_LAST_FETCH, ADMIN_CURRENT_DATE]) storage.removeItem(key);
  };
  // Offsets count from today, so the lists of another day are no longer the lists the admin asked for.
  const startOfDay = (storage: KeyValueStorage) => {
    const today = todayOf(now());
    if (storage.getItem(ADMIN_CURRENT_DATE) !== today) {
      clear();
      storage.setItem(ADMIN_CURRENT_DATE, today);
    }
  };

  return {
    read(setId, date) {
      if (!storage) return undefined;
      startOfDay(storage);
      const key = entryKey(setId, date);
      const fetchedAt = readJson<FetchTimes>(storage, ADMIN_LAST_FETCH)[key];
      if (typeof fetchedAt !== 'number' || now() - fetchedAt >= ADMIN_CACHE_TTL_MS || fetchedAt > now()) {
        return undefined;
      }
      return readJson<Entries>(storage, ADMIN_SALES_CACHE)[key];
    },

    write(day) {
      if (!storage) return;
      startOfDay(storage);
      const at = now();
      const times = readJson<FetchTimes>(storage, ADMIN_LAST_FETCH);
      const entries = readJson<Entries>(storage, ADMIN_SALES_CACHE);
      // Expired entries go first, so the stored lists never grow past what five minutes of browsing asked for.
      for (const [key, fetchedAt] of Object.entries(times)) {
        if (at - fetchedAt >= ADMIN_CACHE_TTL_MS) {
          delete times[key];
          delete entries[key];
        }
      }
      const key = entryKey(day.setId, day.date);
      times[key] = at;
      entries[key] = day;
      try {
        storage.setItem(ADMIN_SALES_CACHE, JSON.stringify(entries));
        storage.setItem(ADMIN_LAST_FETCH, JSON.stringify(times));
      } catch {
        // Storage full: the cache only saves a request, so start it over rather than keep half of it.
        clear();
      }
    },

    clear,
  };
}

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export const adminCache = createAdminCache(browserStorage());
