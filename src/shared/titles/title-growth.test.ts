import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allCards } from '../catalogue.ts';
import { parseTitle, titleMismatch } from './parse-title.ts';

/**
 * A seller can send a title of any length (a drop-folder record, a line of `npm run parse-titles`), so reading
 * one must cost time in proportion to its length. Titles of a repeated token are the hard case: every
 * repetition is another name, grade or number for the rules to weigh against the others.
 */
const NAMES = [...new Set(allCards().map((card) => card.name))];
const FRAGMENTS = [
  '1st edition',
  '1st ed',
  'psa 9',
  'psa 10',
  'bgs 9.5',
  'cgc 8',
  'gem mint',
  'holo',
  'non-holo',
  'base set',
  'jungle',
  'fossil',
  '4/102',
  '#5',
  '0000000/',
  '(oc)',
  'dark',
  "blaine's",
  'gx',
  'red cheeks',
  '- - -',
  '♂',
  'lt. surge',
];

const token = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...NAMES) },
      { weight: 3, arbitrary: fc.constantFrom(...FRAGMENTS) },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 6 }) },
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((parts) => `${parts.join(' ')} `);

function repeated(text: string, length: number): string {
  return text.repeat(Math.ceil(length / text.length)).slice(0, length);
}

const CHARIZARD = { setId: 'base_set', cardId: 'base_set-4' } as const;

function read(title: string): void {
  parseTitle(title);
  titleMismatch(title, CHARIZARD);
}

/** Processor time of this process, in microseconds: other processes on a busy machine do not count. */
function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** The fastest of `samples` timings of reading each title once: the least disturbed by collection and load. */
function bestOf(samples: number, titles: readonly string[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let sample = 0; sample < samples; sample++) {
    const started = cpuMicros();
    for (const title of titles) read(title);
    best = Math.min(best, cpuMicros() - started);
  }
  return best;
}

describe('reading a title', () => {
  it('takes time in proportion to its length: ten times the text, about ten times the work', () => {
    fc.assert(
      fc.property(token, (text) => {
        // Ten short titles against one long one: the same characters read, so the same work when linear.
        const short = Array.from({ length: 10 }, () => repeated(text, 10_000));
        const long = [repeated(text, 100_000)];
        read(long[0]!);
        const ratio = bestOf(3, long) / Math.max(bestOf(3, short), 1);
        // Linear reading keeps this near 1; a quadratic step makes it about 10 (100 KB is 10 times 10 KB
        // read 10 times as slowly). The slack is for a busy machine's caches and collections.
        expect(ratio, JSON.stringify(text)).toBeLessThan(4);
      }),
      { numRuns: 8 },
    );
  }, 120_000);
});
