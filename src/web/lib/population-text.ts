import type { PsaPopulation } from '#shared/schemas/valuation.ts';
import { formatCount, formatSaleDate } from '#web/lib/format.ts';

/** "pop 1,234 · 121 higher, as of Nov 28, 2026": PSA's figures as a certificate lookup last brought them. */
export function populationText(population: Pick<PsaPopulation, 'total' | 'higher' | 'asOf'>): string {
  return `pop ${formatCount(population.total)} · ${formatCount(population.higher)} higher, as of ${formatSaleDate(population.asOf)}`;
}
