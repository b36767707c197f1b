import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency-limit.ts';

/** A task that stays running until it is let go, and records the most tasks seen running at once. */
function gate() {
  let release: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { done, release: () => release() };
}

describe('ConcurrencyLimit', () => {
  it('runs at most the limit at once, the rest in the order they came, and every result arrives', async () => {
    const limit = new ConcurrencyLimit(2);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = gates.map((g, index) =>
      limit.run(async () => {
        started.push(index);
        running++;
        most = Math.max(most, running);
        await g.done;
        running--;
        return index * 10;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.release();
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.release();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('frees the slot of a task that fails, and hands its error to its caller', async () => {
    const limit = new ConcurrencyLimit(1);
    const failing = limit.run(async () => {
      throw new Error('read failed');
    });
    const next = limit.run(async () => 'read');
    await expect(failing).rejects.toThrow('read failed');
    expect(await next).toBe('read');
  });
});
