import { centsToDollars } from '#shared/sales-stats.ts';
import { SALE_SOURCES } from '#shared/sales-constants.ts';
import { type CertCard, certToCard, type PsaGrade, readPsaGrade } from '#shared/psa-cert-card.ts';
import type { CertSlab } from '#shared/schemas/certs.ts';
import type { LadderResponse, SlabEstimate } from '#shared/schemas/valuation.ts';
import type { AnalysisContext } from '../analysis/public.ts';
import { toSlabEstimate } from '../analysis/public.ts';
import { estimateJson, ladderJson } from '../analysis/public.ts';
import { recentGradeSales } from '../slabs/public.ts';
import { type CertContext, lookupCert } from './certs.service.ts';
import { latestPopulations } from './populations.repository.ts';

const RECENT_SALES = 5;

/**
 * The slab behind a PSA certificate (docs/decisions/050-psa-certificates-as-cards.md): the catalogue card PSA's
 * record names, its grade, and what Holoscope knows of that card at that grade: the estimate, the ladder
 * row, the last sales and PSA's population.
 */
export async function certSlab(
  context: CertContext & AnalysisContext,
  certNumber: string,
  spendPsaLookup: () => Promise<void>,
  now: number = Date.now(),
): Promise<CertSlab> {
  const { cert, images } = await lookupCert(context, certNumber, spendPsaLookup);
  const grade = readPsaGrade(cert.CardGrade);
  const read = certToCard(cert);
  const answer = {
    cert: certNumber,
    grader: 'PSA' as const,
    grade,
    images,
    estimate: toSlabEstimate(undefined, now),
    ladderRow: null,
    recentSales: [],
    population: null,
  };
  if (!read.card) return { ...answer, card: null, reason: read.reason };
  const { cardId, ...card } = read.card;
  const population =
    grade.value === null
      ? undefined
      : (await latestPopulations(context.database.read, cardId, card.variant)).find(
          (observed) => observed.grade === grade.value,
        );
  const priced = { ...answer, card, population: population ?? null };
  const noBasis = noBasisReason(read.card, grade);
  if (noBasis || grade.value === null) return { ...priced, reason: noBasis ?? null };
  return { ...priced, ...(await gradeValue(context, read.card, grade.value, now)), reason: null };
}

/** Why Holoscope's sales give no basis for this slab's estimate, or undefined when they may. */
function noBasisReason(card: CertCard, grade: PsaGrade): string | undefined {
  if (card.variant !== '1st Edition')
    return `Holoscope's sales are of 1st Edition prints, so there is no basis for an estimate of a ${card.variant} card.`;
  if (grade.value === null)
    return `PSA gave this slab no number grade (${grade.label}), so there is no basis for an estimate.`;
  if (grade.qualifier) {
    const plain = `PSA ${grade.value}`;
    return `A qualified ${plain} (${grade.qualifier}) sells apart from a plain ${plain}, and Holoscope counts no qualified sales, so there is no basis for an estimate.`;
  }
  return undefined;
}

/** The card's estimate, PSA ladder row and last sales at the grade, flagged sales left out. */
async function gradeValue(context: AnalysisContext, card: CertCard, grade: number, now: number) {
  const slab = { set: card.setId, card: card.cardName, includeFlagged: false };
  const [estimate, ladder, sales] = await Promise.all([
    estimateJson(context, { ...slab, grader: 'PSA', grade }, now),
    ladderJson(context, { ...slab, period: 'all' }, now),
    recentGradeSales(
      context.database,
      { setId: card.setId, cardName: card.cardName, grader: 'PSA', grade },
      RECENT_SALES,
    ),
  ]);
  const rows = (JSON.parse(ladder.toString()) as LadderResponse).rows;
  return {
    estimate: JSON.parse(estimate.toString()) as SlabEstimate,
    ladderRow: rows.find((row) => row.grader === 'PSA' && row.grade === grade) ?? null,
    recentSales: sales.map((sale) => ({
      saleId: sale.id,
      date: sale.sold_at,
      price: centsToDollars(Number(sale.price_cents)),
      source: (SALE_SOURCES as readonly (string | null)[]).includes(sale.source)
        ? (sale.source as (typeof SALE_SOURCES)[number])
        : null,
      listingUrl: sale.listing_url,
    })),
  };
}
