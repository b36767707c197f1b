/**
 * Runs at most `limit` tasks at once; the others wait their turn, first come first served. For work that
 * holds a scarce resource while it runs (a pooled database connection for a long read), so a burst of such
 * work waits here instead of taking every connection and starving other requests, or timing out in the
 * pool's queue.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so a task started meanwhile cannot overtake it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
