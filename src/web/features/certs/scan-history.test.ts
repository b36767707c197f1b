import { describe, expect, it } from 'vitest';
import { readScanHistory, SCAN_HISTORY_SIZE, withLookup } from './scan-history.ts';

const slab = (cert: string) => ({ cert, title: `Card ${cert}`, grade: 'MINT 9' });

describe('scan history', () => {
  it('puts the newest lookup first, moves a repeated one up and keeps the last ten', () => {
    let history = [slab('1001'), slab('1002')];
    history = withLookup(history, slab('1002'));
    expect(history.map((kept) => kept.cert)).toEqual(['1002', '1001']);
    for (let cert = 2000; cert < 2020; cert++) history = withLookup(history, slab(String(cert)));
    expect(history).toHaveLength(SCAN_HISTORY_SIZE);
    expect(history[0]?.cert).toBe('2019');
    expect(history.at(-1)?.cert).toBe('2010');
  });

  it('reads what it kept, and nothing from a missing or spoilt entry', () => {
    expect(readScanHistory(JSON.stringify([slab('1001')]))).toEqual([slab('1001')]);
    expect(readScanHistory(null)).toEqual([]);
    expect(readScanHistory('{not json')).toEqual([]);
    expect(readScanHistory(JSON.stringify([{ cert: 1 }]))).toEqual([]);
  });
});
