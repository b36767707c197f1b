import { describe, expect, it } from 'vitest';
import { ColumnSpace } from './column-space.ts';

const LARGE = 5000;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function filled(space: ColumnSpace, length: number, price: number) {
  const columns = space.take(length);
  columns.prices.fill(price);
  return columns;
}

describe('the space of replaced columns', () => {
  it('is not handed out again before the current computations have ended', async () => {
    const space = new ColumnSpace();
    const replaced = filled(space, LARGE, 100);
    space.retire(replaced);
    filled(space, LARGE, 200);
    expect(replaced.prices.every((price) => price === 100)).toBe(true);
    expect(space.reused).toBe(0);

    await nextTurn();
    const next = filled(space, LARGE + 1, 300);
    expect(space.reused).toBe(1);
    expect(next.prices.buffer).toBe(replaced.prices.buffer);
  });

  it('goes to one version only, however often it is given back', async () => {
    const space = new ColumnSpace();
    const replaced = filled(space, LARGE, 100);
    space.retire(replaced);
    space.retire(replaced);
    await nextTurn();
    const first = space.take(LARGE);
    const second = space.take(LARGE);
    expect(second.prices.buffer).not.toBe(first.prices.buffer);
    expect(space.reused).toBe(1);
  });

  it('keeps small cards and much larger space apart', async () => {
    const space = new ColumnSpace();
    space.retire(filled(space, 100, 1));
    space.retire(filled(space, 3 * LARGE, 1));
    await nextTurn();
    space.take(100);
    space.take(LARGE);
    expect(space.reused).toBe(0);
  });
});
