import type { Random } from './prng.ts';

export interface DemoSeller {
  name: string;
  /** Feedback rating (percent positive) today; earlier sales show it slightly lower or higher. */
  rating: number;
  /** Relative number of sales: a few big dealers, many occasional sellers. */
  weight: number;
}

const SHOP_WORDS = [
  'poke',
  'card',
  'slab',
  'retro',
  'vintage',
  'holo',
  'mint',
  'gem',
  'kanto',
  'pallet',
  'graded',
  'tcg',
  'collect',
  'vault',
  'rare',
  'firsted',
  'shadowless',
  'pixel',
  'nostalgia',
  'legacy',
  'prime',
  'apex',
];
const SHOP_KINDS = [
  'vault',
  'shack',
  'house',
  'hunter',
  'finds',
  'collectibles',
  'cards',
  'slabs',
  'breaks',
  'emporium',
  'trader',
  'depot',
  'den',
  'market',
  'exchange',
  'outlet',
  'co',
  'world',
  'zone',
  'source',
];
const FIRST_NAMES = [
  'mike',
  'dave',
  'sarah',
  'chris',
  'tom',
  'jess',
  'alex',
  'kevin',
  'lisa',
  'ryan',
  'matt',
  'nick',
  'amy',
  'josh',
  'kyle',
  'emma',
  'sean',
  'tony',
  'ben',
  'dan',
  'kate',
  'luke',
  'paul',
  'sam',
];
const PERSONAL_WORDS = ['cards', 'collects', 'tcg', 'slabs', 'pokemon', 'sells', 'vintage', 'holos'];
const SEPARATORS = ['', '_', '-', '.'];

function pickFrom<T>(random: Random, items: readonly T[]): T {
  return items[random.integer(items.length)]!;
}

function username(random: Random): string {
  const separator = pickFrom(random, SEPARATORS);
  const base =
    random.next() < 0.6
      ? `${pickFrom(random, SHOP_WORDS)}${separator}${pickFrom(random, SHOP_KINDS)}`
      : `${pickFrom(random, FIRST_NAMES)}${separator}${pickFrom(random, PERSONAL_WORDS)}`;
  const roll = random.next();
  if (roll < 0.35) return `${base}${random.integer(90) + 10}`;
  if (roll < 0.5) return `${base}${1985 + random.integer(25)}`;
  return base;
}

/** Ratings as eBay shows them: most sellers at 99.5–100 %, a few down to 97 %. */
function rating(random: Random): number {
  const roll = random.next();
  const value =
    roll < 0.6
      ? random.between(99.5, 100)
      : roll < 0.9
        ? random.between(98.5, 99.5)
        : random.between(97, 98.5);
  return Math.round(value * 10) / 10;
}

export function makeSellers(random: Random, count: number): DemoSeller[] {
  const taken = new Set<string>();
  const sellers: DemoSeller[] = [];
  while (sellers.length < count) {
    let name = username(random);
    while (taken.has(name)) name = `${name}${random.integer(10)}`;
    taken.add(name);
    sellers.push({ name, rating: rating(random), weight: 1 / (sellers.length + 1) ** 0.6 });
  }
  return sellers;
}
