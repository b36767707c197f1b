import { describe, expect, it, vi } from 'vitest';
import { AnalysisQuerySchema } from '#shared/schemas/sales.ts';
import { MemoryAnalysisCache } from './analysis-cache.ts';
import type { PeriodSales, SalesRepository } from './sales.repository.ts';
import { type CachedSummary, periodStart, SalesService } from './sales.service.ts';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const charizard = AnalysisQuerySchema.parse({ card: 'charizard' });
const periodSales: PeriodSales = {
  prices: [20_000, 10_000],
  soldAt: ['2026-02-20T10:00:00.000Z', '2026-01-05T10:00:00.000Z'],
  graders: ['PSA', 'CGC'],
  grades: [10, 8.5],
};

function serviceWith(repository: Partial<SalesRepository>) {
  const log = { error: vi.fn() };
  const caches = {
    responses: new MemoryAnalysisCache<Buffer>({ sizeOf: (json) => json.byteLength }),
    summaries: new MemoryAnalysisCache<CachedSummary>({ sizeOf: (summary) => summary.jsonHead.length }),
  };
  const service = new SalesService(repository as SalesRepository, caches, log, () => NOW);
  return { service, log, caches };
}

describe('SalesService', () => {
  it('starts the 30 and 90 day periods that many days before now', () => {
    expect(periodStart('30d', NOW)).toBe('2026-01-30T12:00:00.000Z');
    expect(periodStart('90d', NOW)).toBe('2025-12-01T12:00:00.000Z');
    expect(periodStart('all', NOW)).toBeUndefined();
  });

  it('answers a failed search with the empty result, logs it and does not keep it', async () => {
    const periodSalesQuery = vi
      .fn()
      .mockRejectedValueOnce(new Error('database gone'))
      .mockResolvedValue(periodSales);
    const { service, log } = serviceWith({
      periodSales: periodSalesQuery,
      salesPage: vi.fn().mockResolvedValue([]),
    });
    const failed = JSON.parse((await service.analysisJson(charizard)).toString());
    expect(failed).toMatchObject({
      cardName: 'Charizard',
      cardNumber: 'N/A',
      rarity: 'N/A',
      cardId: null,
      total: 0,
    });
    expect(log.error).toHaveBeenCalledOnce();
    const retried = JSON.parse((await service.analysisJson(charizard)).toString());
    expect(retried).toMatchObject({ cardNumber: '4/102', total: 2 });
  });

  it('computes once for identical searches that arrive together', async () => {
    const periodSalesQuery = vi.fn().mockResolvedValue(periodSales);
    const salesPage = vi.fn().mockResolvedValue([]);
    const { service } = serviceWith({ periodSales: periodSalesQuery, salesPage });
    const answers = await Promise.all([service.analysisJson(charizard), service.analysisJson(charizard)]);
    expect(answers[0]!.equals(answers[1]!)).toBe(true);
    expect(periodSalesQuery).toHaveBeenCalledOnce();
    expect(salesPage).toHaveBeenCalledOnce();
  });

  it('reuses the statistics for another page and reads only that page', async () => {
    const periodSalesQuery = vi.fn().mockResolvedValue(periodSales);
    const salesPage = vi.fn().mockResolvedValue([]);
    const { service } = serviceWith({ periodSales: periodSalesQuery, salesPage });
    await service.analysisJson(charizard);
    const second = JSON.parse((await service.analysisJson({ ...charizard, page: 2 })).toString());
    expect(second).toMatchObject({ page: 2, total: 2, sales: [] });
    expect(periodSalesQuery).toHaveBeenCalledOnce();
    expect(salesPage).toHaveBeenLastCalledWith(expect.anything(), expect.anything(), 25, 25);
  });

  it('does not keep an answer computed while sales changed', async () => {
    let release: (value: PeriodSales) => void = () => {};
    const periodSalesQuery = vi.fn(() => new Promise<PeriodSales>((resolve) => (release = resolve)));
    const { service, caches } = serviceWith({
      periodSales: periodSalesQuery,
      salesPage: vi.fn().mockResolvedValue([]),
    });
    const answer = service.analysisJson(charizard);
    await Promise.resolve();
    caches.responses.clear();
    caches.summaries.clear();
    release(periodSales);
    await answer;
    expect(caches.responses.size).toBe(0);
    expect(caches.summaries.size).toBe(0);
  });
});
