import { describe, expect, it } from 'vitest';
import { allCards } from '#shared/catalogue.ts';
import { SALE_GRADERS, SALE_TYPES } from '#shared/sales-constants.ts';
import { SET_IDS } from '#shared/sets.ts';
import type { SaleRecord } from '../../sales/sale-record.ts';
import { DEMO_DAYS, generateDemoSales } from './generate-demo-sales.ts';

const today = '2026-11-21';
const yesterday = '2026-11-20';
const sales = [...generateDemoSales({ seed: 7, count: 20_000, today })];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function psa9Median(setId: string, cardName: string): number {
  return median(
    sales
      .filter((sale) => sale.set_id === setId && sale.card_name === cardName)
      .filter((sale) => sale.grading_company === 'PSA' && sale.grade === 9)
      .map((sale) => sale.price_cents),
  );
}

describe('generateDemoSales', () => {
  it('gives the same sales for the same seed, count and day, and others for another seed', () => {
    expect([...generateDemoSales({ seed: 7, count: 500, today })]).toEqual(sales.slice(0, 500));
    const other = [...generateDemoSales({ seed: 8, count: 500, today })];
    expect(other.map((sale) => sale.price_cents)).not.toEqual(
      sales.slice(0, 500).map((sale) => sale.price_cents),
    );
    expect(other[0]!.source_ref).toBe('demo-8-0');
  });

  it('makes exactly the asked number of sales with unique source references', () => {
    expect(sales).toHaveLength(20_000);
    expect(new Set(sales.map((sale) => sale.source_ref)).size).toBe(20_000);
    expect(sales[123]!.source_ref).toBe('demo-7-123');
  });

  it('covers every catalogue card of the three sets with its catalogue name, number and rarity', () => {
    const byId = new Map<string, SaleRecord>(sales.map((sale) => [sale.card_id, sale]));
    for (const card of allCards()) {
      expect(byId.get(card.cardId), card.cardId).toMatchObject({
        set_id: card.setId,
        card_name: card.searchName,
        card_number: card.number,
        card_rarity: card.rarity,
      });
    }
  });

  it('prices cards by their standing: Base Charizard far above a common, PSA 10 far above PSA 9', () => {
    const charizard = psa9Median('base_set', 'Charizard');
    expect(charizard).toBeGreaterThan(1_000_000);
    expect(charizard).toBeGreaterThan(100 * psa9Median('base_set', 'Rattata'));
    expect(psa9Median('jungle_set', 'Bellsprout')).toBeLessThan(10_000);
    const charizardTens = sales
      .filter((sale) => sale.card_id === 'base_set-4' && sale.grading_company === 'PSA' && sale.grade === 10)
      .map((sale) => sale.price_cents);
    expect(median(charizardTens)).toBeGreaterThan(10_000_000);
    expect(psa9Median('fossil_set', 'Gengar')).toBeGreaterThan(psa9Median('fossil_set', 'Gengar non-holo'));
  });

  it('sells popular cards more often than commons', () => {
    const count = (cardId: string) => sales.filter((sale) => sale.card_id === cardId).length;
    expect(count('base_set-4')).toBeGreaterThan(5 * count('base_set-61'));
  });

  it('spreads sales over three years up to today, with today and yesterday in every set', () => {
    const days = sales.map((sale) => sale.sold_on).sort();
    const start = new Date(Date.parse(`${today}T00:00:00Z`) - DEMO_DAYS * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(days[0]! >= start).toBe(true);
    expect(days.at(-1)).toBe(today);
    for (const setId of SET_IDS) {
      expect(sales.some((sale) => sale.set_id === setId && sale.sold_on === today)).toBe(true);
      expect(sales.some((sale) => sale.set_id === setId && sale.sold_on === yesterday)).toBe(true);
    }
    expect(sales.filter((sale) => sale.sold_at.slice(0, 10) !== sale.sold_on)).toEqual([]);
    const lastYear = days.filter((day) => day >= '2025-11-21').length;
    expect(lastYear).toBeGreaterThan(days.length / 3);
  });

  it('keeps today’s sales before the given moment', () => {
    const now = new Date('2026-11-21T09:30:00.000Z');
    const morning = [...generateDemoSales({ seed: 7, count: 3000, today, now })];
    const todays = morning.filter((sale) => sale.sold_on === today);
    expect(todays.length).toBeGreaterThan(3);
    for (const sale of todays) expect(sale.sold_at < now.toISOString()).toBe(true);
  });

  it('mixes graders, grades and sale types, and sellers with feedback ratings', () => {
    // Every grader but TAG, whose slabs are too recent for demo history (generate-demo-sales.ts).
    expect(new Set(sales.map((sale) => sale.grading_company))).toEqual(
      new Set(SALE_GRADERS.filter((grader) => grader !== 'TAG')),
    );
    expect(new Set(sales.map((sale) => sale.sale_type))).toEqual(new Set(SALE_TYPES));
    const grades = new Set(sales.map((sale) => sale.grade));
    expect(grades.size).toBeGreaterThanOrEqual(12);
    expect(grades.has(9.5)).toBe(true);
    expect(
      sales.filter((sale) => sale.grading_company === 'PSA').every((sale) => Number.isInteger(sale.grade)),
    ).toBe(true);
    const sellers = new Set(sales.map((sale) => sale.seller));
    expect(sellers.size).toBeGreaterThan(150);
    expect(sellers.size).toBeLessThanOrEqual(300);
    const ratings = sales.map((sale) => sale.seller_rating ?? Number.NaN);
    expect(Math.min(...ratings)).toBeGreaterThanOrEqual(97);
    expect(Math.max(...ratings)).toBeLessThanOrEqual(100);
    expect(sales.every((sale) => Number.isInteger(sale.price_cents) && sale.price_cents > 0)).toBe(true);
    expect(sales.every((sale) => sale.image === null)).toBe(true);
  });
});
