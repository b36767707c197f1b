import { Link } from 'react-router';
import type { CertSlab } from '#shared/schemas/certs.ts';
import { getSet } from '#shared/sets.ts';
import { ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useCertSlab } from '#web/features/certs/api/cert.ts';
import { formatCount, formatDollars, formatSaleDate } from '#web/lib/format.ts';
import { populationText } from '#web/lib/population-text.ts';

const BASIS_TEXT: Record<CertSlab['estimate']['basis'], string> = {
  'recent-sales': 'from this grade’s recent sales',
  'neighbour-grades': 'scaled from the nearest grades’ sales',
  none: 'no basis: too few sales',
};

/** What a certificate's slab is worth, asked of the server; the scan page shows it the same way. */
export function SlabValue({ certNumber }: { certNumber: string }) {
  const slab = useCertSlab(certNumber, true);
  if (slab.isPending) return <Spinner label="Reading the card and its prices…" />;
  if (slab.isError) return <ErrorNotice message={slab.error.message} onRetry={() => slab.refetch()} />;
  return <SlabSummary slab={slab.data} />;
}

/** "Fossil Gengar 5/62, 1st Edition", or what is said of a slab of no card Holoscope prices. */
export function slabTitle({ card }: Pick<CertSlab, 'card'>): string {
  return card
    ? `${getSet(card.setId).name} ${card.cardName} ${card.cardNumber}, ${card.variant}`
    : 'Not a card Holoscope prices';
}

/** The card in the slab, its estimate with the basis, the grade's ladder row, population and last sales. */
export function SlabSummary({ slab }: { slab: CertSlab }) {
  const { card, grade, estimate, ladderRow, population, recentSales, reason } = slab;
  return (
    <section
      aria-labelledby="slab-value-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="slab-value-heading" className="text-lg font-semibold text-slate-900">
        {slabTitle(slab)}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        PSA {grade.label}
        {grade.value !== null
          ? ` · grade ${grade.value}${grade.qualifier ? ` (${grade.qualifier})` : ''}`
          : ''}
      </p>
      {reason ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{reason}</p>
      ) : null}
      {card ? (
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Estimate</dt>
            <dd className="text-xl font-semibold text-slate-900">
              {estimate.estimate === null ? '—' : formatDollars(estimate.estimate)}
            </dd>
            <dd className="text-slate-600">
              {BASIS_TEXT[estimate.basis]}
              {estimate.comps > 0 ? `, ${formatCount(estimate.comps)} comps` : ''}
              {estimate.low !== null && estimate.high !== null
                ? ` · ${formatDollars(estimate.low)} to ${formatDollars(estimate.high)}`
                : ''}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">PSA {grade.value ?? ''} on the ladder</dt>
            <dd className="font-medium text-slate-900">
              {ladderRow
                ? `median ${formatDollars(ladderRow.median)} · ${formatCount(ladderRow.count)} sales`
                : 'No sales at this grade'}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Population</dt>
            <dd className="font-medium text-slate-900">
              {population ? populationText(population) : 'Not known yet'}
            </dd>
          </div>
        </dl>
      ) : null}
      {recentSales.length > 0 ? (
        <>
          <h3 className="mt-5 text-sm font-semibold text-slate-900">Last sales at this grade</h3>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {recentSales.map((sale) => (
              <li key={sale.saleId} className="flex justify-between gap-4 py-1.5">
                <span className="text-slate-600">{formatSaleDate(sale.date)}</span>
                <span className="font-medium text-slate-900">{formatDollars(sale.price)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {card && card.variant === '1st Edition' ? (
        <Link
          to={analysisLink(card, grade.value)}
          className="mt-4 inline-block text-sm font-semibold text-blue-700 underline"
        >
          See the full analysis of {card.cardName}
        </Link>
      ) : null}
    </section>
  );
}

/** The home page's analysis of the card at this grade (the search's address form, docs/product.md §2). */
function analysisLink(card: NonNullable<CertSlab['card']>, grade: number | null): string {
  const params = new URLSearchParams({
    mode: 'analyse',
    set: card.setId,
    card: card.cardName,
    period: 'all',
  });
  if (grade !== null) {
    params.set('grader', 'PSA');
    params.set('grade', String(grade));
  }
  return `/?${params}`;
}
