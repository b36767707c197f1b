import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type ParsedTitle, parseTitle } from './parse-title.ts';
import { REFUSAL_RULES, type RefusalRule } from './title-refusals.ts';

/**
 * The corpus: listing titles written the way eBay sellers and auction houses write them, each with the answer a
 * collector would give (the card and grade, or the rule that should refuse it). docs/data.md quotes the figures
 * this prints.
 */
interface CorpusEntry {
  title: string;
  expected: ParsedTitle | { refused: RefusalRule };
}

const CORPUS: CorpusEntry[] = fs
  .readFileSync(new URL('./title-corpus.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as CorpusEntry);

function measure() {
  let accepted = 0;
  const wrong: string[] = [];
  const refusalsWithAnotherRule: string[] = [];
  let exactlyRight = 0;
  let refusedAsExpected = 0;
  for (const entry of CORPUS) {
    const answer = parseTitle(entry.title);
    if ('refused' in answer) {
      if (!('refused' in entry.expected)) continue;
      if (answer.rule === entry.expected.refused) refusedAsExpected += 1;
      else refusalsWithAnotherRule.push(`${entry.title}: ${answer.rule}, expected ${entry.expected.refused}`);
      continue;
    }
    accepted += 1;
    if (isDeepStrictEqual(answer, entry.expected)) exactlyRight += 1;
    else wrong.push(`${entry.title}: ${JSON.stringify(answer)}`);
  }
  const expectedAccepted = CORPUS.filter(({ expected }) => !('refused' in expected)).length;
  return {
    expectedRefused: CORPUS.length - expectedAccepted,
    refusedAsExpected,
    accepted,
    exactlyRight,
    expectedAccepted,
    precision: exactlyRight / accepted,
    recall: exactlyRight / expectedAccepted,
    wrong,
    refusalsWithAnotherRule,
  };
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;

describe('title corpus', () => {
  it('has at least 300 titles across the three sets, with refusals of every kind', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(300);
    const setIds = new Set(CORPUS.flatMap(({ expected }) => ('setId' in expected ? [expected.setId] : [])));
    expect([...setIds].sort()).toEqual(['base_set', 'fossil_set', 'jungle_set']);
    const rules = new Set(
      CORPUS.flatMap(({ expected }) => ('refused' in expected ? [expected.refused] : [])),
    );
    expect([...rules].sort()).toEqual([...REFUSAL_RULES].sort());
  });

  it('is at least 99 % precise on what it accepts, and reports its recall', () => {
    const result = measure();
    console.info(
      `Title corpus: ${CORPUS.length} titles, ${result.expectedAccepted} of them one covered card. ` +
        `Accepted ${result.accepted}, exactly right ${result.exactlyRight}: precision ${percent(result.precision)}, ` +
        `recall ${percent(result.recall)}. ` +
        `Refused ${result.refusedAsExpected} of the ${result.expectedRefused} ` +
        'titles to refuse for the expected rule.',
    );
    expect(result.precision, result.wrong.join('\n')).toBeGreaterThanOrEqual(0.99);
    // A parser that refused nearly everything would be precise and useless.
    expect(result.recall).toBeGreaterThanOrEqual(0.9);
  });

  it('refuses each title it refuses for the reason the corpus gives', () => {
    expect(measure().refusalsWithAnotherRule).toEqual([]);
  });
});
