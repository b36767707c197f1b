/**
 * Open live streams, counted on each instance: an account's tabs, and everyone behind one address (a card
 * show's Wi-Fi) share a cap, so nobody can hold thousands of connections open (docs/operations.md).
 */
export const MAX_STREAMS_PER_ACCOUNT = 20;
export const MAX_STREAMS_PER_ADDRESS = 60;

export interface StreamLimit {
  key: string;
  max: number;
}

/** Counts open streams by key; a new stream is let in only while every one of its keys is below its cap. */
export class StreamCaps {
  private readonly open = new Map<string, number>();

  /** Counts a new stream under its keys and returns how to let it go, or null when a key is at its cap. */
  admit(limits: StreamLimit[]): (() => void) | null {
    if (limits.some(({ key, max }) => (this.open.get(key) ?? 0) >= max)) return null;
    for (const { key } of limits) this.open.set(key, (this.open.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const { key } of limits) {
        const left = (this.open.get(key) ?? 1) - 1;
        if (left > 0) this.open.set(key, left);
        else this.open.delete(key);
      }
    };
  }
}
