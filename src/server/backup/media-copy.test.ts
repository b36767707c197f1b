import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyMedia } from './media-copy.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-media-copy-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const put = (dir: string, name: string, text: string) => {
  fs.mkdirSync(path.join(dir, 'ab', 'cd'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'ab', 'cd', name), text);
};

describe('copyMedia', () => {
  it('keeps what an earlier pass took when the source loses it, and takes what came since', async () => {
    const source = path.join(work, 'media');
    const target = path.join(work, 'backup', 'media');
    put(source, 'replaced.webp', 'old picture');
    put(source, 'half.webp.1.tmp', 'unfinished');
    expect(await copyMedia(source, target)).toEqual({ files: 1, bytes: 11 });

    fs.rmSync(path.join(source, 'ab', 'cd', 'replaced.webp'));
    put(source, 'new.webp', 'new');
    expect(await copyMedia(source, target)).toEqual({ files: 2, bytes: 14 });
    expect(fs.readdirSync(path.join(target, 'ab', 'cd')).sort()).toEqual(['new.webp', 'replaced.webp']);
    expect(fs.readFileSync(path.join(target, 'ab', 'cd', 'replaced.webp'), 'utf8')).toBe('old picture');
  });

  it('copies nothing from a folder that does not exist', async () => {
    expect(await copyMedia(path.join(work, 'none'), path.join(work, 'empty'))).toEqual({
      files: 0,
      bytes: 0,
    });
  });
});
