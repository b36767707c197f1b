import type { CardSales } from './card-sales.ts';

/** A card's four typed columns, without the grade keys. */
export type Columns = Pick<CardSales, 'prices' | 'soldAt' | 'gradeCodes' | 'excluded'>;

/**
 * Below this many sales a card's columns are always new arrays: a small card's copy costs little, and
 * keeping space for it would hold memory for nothing.
 */
const MIN_RECYCLED_SALES = 4096;

/** Free space kept for the next versions; a few large cards change at once at most, outside a bulk import. */
const MAX_FREE_SPACES = 8;

/** Room for a few more sales, so the next version of the same card fits in the same space. */
function capacityFor(length: number): number {
  return length + (length >> 4) + 64;
}

function spaceOf(capacity: number): Columns {
  return {
    prices: new Float64Array(capacity),
    soldAt: new Float64Array(capacity),
    gradeCodes: new Uint16Array(capacity),
    excluded: new Uint8Array(capacity),
  };
}

/** The whole buffers under a version's columns. */
function wholeSpace(columns: Columns): Columns {
  return {
    prices: new Float64Array(columns.prices.buffer),
    soldAt: new Float64Array(columns.soldAt.buffer),
    gradeCodes: new Uint16Array(columns.gradeCodes.buffer),
    excluded: new Uint8Array(columns.excluded.buffer),
  };
}

/**
 * The buffers of a large card's replaced columns, handed to its next version instead of new ones
 * (docs/decisions/029-recycled-column-space.md). A change to a card with 54,000 sales made a megabyte of
 * new columns, and V8 starts a full collection of the whole heap for every few dozen megabytes of such
 * memory, so one first answer after a change in a few dozen paid for a full collection.
 *
 * Columns are never changed while anyone may read them: their store gives a replaced version back
 * (`retire`) only when nothing reads it across an await (CardSalesStore), and its space is handed out again
 * only after the event loop's next check phase (setImmediate), so every computation that was given those
 * columns before they were replaced, and read them synchronously, has run to its end.
 */
export class ColumnSpace {
  private retiring: Columns[] = [];
  private free: Columns[] = [];
  private releasing = false;
  /** How many times space was handed out again, for tests and the benchmark. */
  reused = 0;
  /** Every buffer given back, so that space given back twice is never handed to two versions. */
  private readonly givenBack = new WeakSet<ArrayBufferLike>();

  /** Columns for `length` sales, in the smallest free space that fits and is not more than twice as large. */
  take(length: number): Columns {
    let best = -1;
    if (length >= MIN_RECYCLED_SALES) {
      this.free.forEach((space, index) => {
        const capacity = space.prices.length;
        if (capacity < length || capacity > 2 * length) return;
        if (best < 0 || capacity < this.free[best]!.prices.length) best = index;
      });
    }
    if (best >= 0) this.reused++;
    const space =
      best >= 0
        ? this.free.splice(best, 1)[0]!
        : spaceOf(length >= MIN_RECYCLED_SALES ? capacityFor(length) : length);
    this.givenBack.delete(space.prices.buffer);
    return {
      prices: space.prices.subarray(0, length),
      soldAt: space.soldAt.subarray(0, length),
      gradeCodes: space.gradeCodes.subarray(0, length),
      excluded: space.excluded.subarray(0, length),
    };
  }

  /** Gives back the space of columns nobody reads any more once the current computations have ended. */
  retire(columns: Columns): void {
    const { buffer } = columns.prices;
    if (buffer.byteLength < MIN_RECYCLED_SALES * Float64Array.BYTES_PER_ELEMENT || this.givenBack.has(buffer))
      return;
    this.givenBack.add(buffer);
    this.retiring.push(wholeSpace(columns));
    if (this.releasing) return;
    this.releasing = true;
    setImmediate(() => {
      this.releasing = false;
      // The most recently retired spaces are kept: they belong to the cards that change now.
      this.free = [...this.free, ...this.retiring].slice(-MAX_FREE_SPACES);
      this.retiring = [];
    });
  }
}
