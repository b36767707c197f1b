function cardIdOfKey(key: string): string {
  const end = key.indexOf('|');
  return end < 0 ? key : key.slice(0, end);
}

interface Entry<T> {
  value: T;
  bytes: number;
  expiresAt: number;
}

export interface MemoryCardCacheOptions<T> {
  /** About how many bytes a value holds. */
  sizeOf: (value: T) => number;
  maxEntries?: number;
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
}

/**
 * In-process cache with a time to live and least-recently-used eviction (a Map keeps insertion order),
 * bounded by bytes and optionally by entries. A key is a card's catalogue id, alone or followed by `|` and
 * the rest, so the entries of the cards whose sales changed can be dropped and the others kept.
 */
export class MemoryCardCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly sizeOf: (value: T) => number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private currentGeneration = 0;
  private currentBytes = 0;

  constructor(options: MemoryCardCacheOptions<T>) {
    this.sizeOf = options.sizeOf;
    this.maxEntries = options.maxEntries ?? Number.POSITIVE_INFINITY;
    this.maxBytes = options.maxBytes;
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
  }

  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.currentBytes;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.currentBytes -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T): void {
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, { value, bytes, expiresAt: this.now() + this.ttlMs });
    this.currentBytes += bytes;
    while (this.entries.size > this.maxEntries || this.currentBytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.currentBytes = 0;
    this.currentGeneration++;
  }

  dropCards(cardIds: readonly string[]): void {
    const dropped = new Set(cardIds);
    for (const key of [...this.entries.keys()]) if (dropped.has(cardIdOfKey(key))) this.remove(key);
    this.currentGeneration++;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.currentBytes -= entry.bytes;
  }
}
