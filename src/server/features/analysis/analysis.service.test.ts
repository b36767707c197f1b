import { describe, expect, it, vi } from 'vitest';
import { AnalysisQuerySchema } from '#shared/schemas/sales.ts';
import { SalesEvents } from '../../sales/sales-events.ts';
import type { SalesRepository } from './analysis.repository.ts';
import { createAnalysisCaches, periodStart, SalesService } from './analysis.service.ts';
import { type CardSales, cardSalesFromRows } from './card-sales.ts';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const charizard = AnalysisQuerySchema.parse({ card: 'charizard' });
const cardSales: CardSales = cardSalesFromRows({
  prices: [20_000, 10_000],
  soldAt: [Date.parse('2026-02-20T10:00:00.000Z'), Date.parse('2026-01-05T10:00:00.000Z')],
  graders: ['PSA', 'CGC'],
  grades: [10, 8.5],
});

function serviceWith(repository: Partial<SalesRepository>) {
  const log = { error: vi.fn() };
  const events = new SalesEvents();
  const caches = createAnalysisCaches(events);
  const service = new SalesService(repository as SalesRepository, caches, log, () => NOW);
  return { service, log, caches, events };
}

describe('SalesService', () => {
  it('starts the 30 and 90 day periods that many days before now', () => {
    expect(periodStart('30d', NOW)).toBe('2026-01-30T12:00:00.000Z');
    expect(periodStart('90d', NOW)).toBe('2025-12-01T12:00:00.000Z');
    expect(periodStart('all', NOW)).toBeUndefined();
  });

  it('answers a failed search with the empty result, logs it and does not keep it', async () => {
    const cardSalesQuery = vi
      .fn()
      .mockRejectedValueOnce(new Error('database gone'))
      .mockResolvedValue(cardSales);
    const { service, log } = serviceWith({
      cardSales: cardSalesQuery,
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
    const cardSalesQuery = vi.fn().mockResolvedValue(cardSales);
    const salesPage = vi.fn().mockResolvedValue([]);
    const { service } = serviceWith({ cardSales: cardSalesQuery, salesPage });
    const answers = await Promise.all([service.analysisJson(charizard), service.analysisJson(charizard)]);
    expect(answers[0]!.equals(answers[1]!)).toBe(true);
    expect(cardSalesQuery).toHaveBeenCalledOnce();
    expect(salesPage).toHaveBeenCalledOnce();
  });

  it('reuses the statistics for another page and reads only that page', async () => {
    const cardSalesQuery = vi.fn().mockResolvedValue(cardSales);
    const salesPage = vi.fn().mockResolvedValue([]);
    const { service } = serviceWith({ cardSales: cardSalesQuery, salesPage });
    await service.analysisJson(charizard);
    const second = JSON.parse((await service.analysisJson({ ...charizard, page: 2 })).toString());
    expect(second).toMatchObject({ page: 2, total: 2, sales: [] });
    expect(cardSalesQuery).toHaveBeenCalledOnce();
    expect(salesPage).toHaveBeenLastCalledWith(expect.anything(), expect.anything(), 25, 25);
  });

  it('does not keep an answer computed while sales changed', async () => {
    let release: (value: CardSales) => void = () => {};
    const cardSalesQuery = vi.fn(() => new Promise<CardSales>((resolve) => (release = resolve)));
    const { service, events } = serviceWith({
      cardSales: cardSalesQuery,
      salesPage: vi.fn().mockResolvedValue([]),
    });
    const answer = service.analysisJson(charizard);
    await Promise.resolve();
    events.changed();
    release(cardSales);
    await answer;
    cardSalesQuery.mockResolvedValue(cardSales);
    await service.analysisJson(charizard);
    await service.analysisJson({ ...charizard, period: '30d' });
    expect(cardSalesQuery).toHaveBeenCalledTimes(2);
  });

  it("reads a card's sales once for every period, filter and page until sales change", async () => {
    const cardSalesQuery = vi.fn().mockResolvedValue(cardSales);
    const { service, events } = serviceWith({
      cardSales: cardSalesQuery,
      salesPage: vi.fn().mockResolvedValue([]),
    });
    const all = JSON.parse((await service.analysisJson(charizard)).toString());
    const recent = JSON.parse((await service.analysisJson({ ...charizard, period: '30d' })).toString());
    const psa = JSON.parse((await service.analysisJson({ ...charizard, grader: 'PSA' })).toString());
    expect([all.total, recent.total, psa.total]).toEqual([2, 1, 1]);
    expect(cardSalesQuery).toHaveBeenCalledOnce();
    events.changed();
    await service.analysisJson(charizard);
    expect(cardSalesQuery).toHaveBeenCalledTimes(2);
  });
});
