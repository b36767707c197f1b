import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'parse-titles-'));

function parseTitles(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/parse-titles.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
}

afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describe('npm run parse-titles', () => {
  it('writes one answer a line for each title, skipping blank lines', () => {
    const file = path.join(directory, 'titles.txt');
    fs.writeFileSync(
      file,
      '1999 Pokemon Fossil 1st Edition Holo Gengar #5 PSA 9 MINT\r\n\n   \nLot of 3 PSA 9 1st Edition Charizard\n',
    );

    const result = parseTitles(file);

    expect(result.status).toBe(0);
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      {
        setId: 'fossil_set',
        cardId: 'fossil_set-5',
        cardName: 'Gengar',
        variant: '1st Edition',
        grader: 'PSA',
        grade: 9,
      },
      { refused: 'a lot or bundle, not one card ("lot")', rule: 'lot' },
    ]);
  });

  it('says so in one line and exits 1 when the file is missing', () => {
    const missing = path.join(directory, 'missing.txt');

    const result = parseTitles(missing);

    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`No such file: ${missing}\n`);
    expect(result.stdout).toBe('');
  });
});
