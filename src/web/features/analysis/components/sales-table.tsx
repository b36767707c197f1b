import { Info } from 'lucide-react';
import type { AnalysisResponse, Sale } from '#shared/schemas/sales.ts';
import { TipButton } from '#web/components/ui/tooltip.tsx';
import { sellerRatingText } from '#web/features/analysis/seller-rating.ts';
import { formatDollars, formatSaleDate } from '#web/lib/format.ts';
import { ImageViewer } from './image-viewer.tsx';

function gradeText(sale: Sale): string {
  if (sale.grader && sale.grade !== null) return `${sale.grader} ${sale.grade}`;
  return sale.grader ?? '—';
}

const SOURCE_LABELS: Record<NonNullable<Sale['source']>, string> = {
  ebay: 'eBay',
  heritage: 'Heritage',
  goldin: 'Goldin',
  fanatics: 'Fanatics',
  pwcc: 'PWCC',
  pristine: 'Pristine',
  myslabs: 'MySlabs',
  other: 'Other',
};

const FLAG_LABELS: Record<string, string> = {
  'outlier-high': 'Unusually high',
  'outlier-low': 'Unusually low',
  'probable-duplicate': 'Probable duplicate',
  'title-mismatch': 'Title',
  'best-offer-unrevealed': 'Best Offer',
};

/** The price as sold when it was not in dollars, e.g. ¥163,450. */
function originalPriceText(original: NonNullable<Sale['originalPrice']>): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: original.currency }).format(
      original.amount,
    );
  } catch {
    return `${original.amount.toLocaleString('en-US')} ${original.currency}`;
  }
}

/** Why an excluded sale is left out: one chip per flag, with its reason. */
function FlagChips({ flags }: { flags: Sale['flags'] }) {
  return (
    <ul aria-label="Why this sale is excluded" className="mt-1 flex flex-wrap gap-1">
      {flags.map((flag) => (
        <li
          key={flag.code}
          className="rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900"
        >
          {FLAG_LABELS[flag.code] ?? flag.code}: {flag.reason}
        </li>
      ))}
    </ul>
  );
}

/** The certificate, linked to the slab's sales history where the lookup page covers its grader. */
function CertText({ sale }: { sale: Sale }) {
  if (!sale.certNumber) return null;
  const label = `Cert ${sale.certNumber}`;
  return sale.grader === 'PSA' ? (
    <a
      href={`/psa-search?${new URLSearchParams({ cert: sale.certNumber })}`}
      className="text-brand-700 underline-offset-2 hover:underline"
    >
      {label}
    </a>
  ) : (
    <span>{label}</span>
  );
}

function SaleRow({ sale, analysis }: { sale: Sale; analysis: AnalysisResponse }) {
  const day = formatSaleDate(sale.date);
  const image = sale.imageUrl ?? analysis.imageUrl;
  const what = sale.imageUrl ? 'listing photo' : 'card art';
  const details = [sale.source ? SOURCE_LABELS[sale.source] : null].filter(Boolean);
  return (
    <tr
      className={`border-t border-slate-100 ${sale.excluded ? 'bg-slate-50 text-slate-500' : ''}`}
      data-excluded={sale.excluded || undefined}
    >
      <td className="py-2 pr-3 pl-4">
        {image ? (
          <ImageViewer
            src={image}
            title={`${analysis.cardName}, sold ${day}`}
            alt={`${analysis.cardName} ${what}, sold ${day} for ${formatDollars(sale.price)}`}
          />
        ) : (
          <span className="text-slate-400">—</span>
        )}
      </td>
      <td className="px-3 py-2">
        <time dateTime={sale.date} className="whitespace-nowrap">
          {day}
        </time>
        {details.length > 0 || sale.certNumber ? (
          <p className="text-xs whitespace-nowrap text-slate-500">
            {details.join(' · ')}
            {details.length > 0 && sale.certNumber ? ' · ' : ''}
            <CertText sale={sale} />
          </p>
        ) : null}
        {sale.excluded ? <FlagChips flags={sale.flags} /> : null}
      </td>
      <td
        className={`px-3 py-2 text-right whitespace-nowrap tabular-nums ${sale.excluded ? 'font-medium' : 'font-semibold'}`}
      >
        {formatDollars(sale.price)}
        {sale.originalPrice ? (
          <span className="block text-xs font-normal text-slate-500">
            {originalPriceText(sale.originalPrice)}
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{gradeText(sale)}</td>
      <td className="py-2 pr-4 pl-3">
        <TipButton
          tip={sellerRatingText(sale.sellerRating)}
          className="inline-flex max-w-[12rem] items-center gap-1 rounded text-left text-slate-800 hover:text-brand-700"
        >
          <span className="truncate">{sale.seller}</span>
          <Info className="size-3.5 shrink-0 text-slate-400" aria-hidden />
        </TipButton>
      </td>
    </tr>
  );
}

/**
 * The sales table (docs/product.md §2): Image, Date, Price, Seller (with the seller rating at the time of sale),
 * newest first. Flagged sales are muted with their reasons (§11).
 */
export function SalesTable({ analysis }: { analysis: AnalysisResponse }) {
  return (
    <section
      aria-label="Sales table"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways on phones must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white"
    >
      <table className="w-full min-w-[34rem] text-sm">
        <caption className="sr-only">
          Sales of {analysis.cardName}, newest first (page {analysis.page})
        </caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-2.5 pr-3 pl-4">
              Image
            </th>
            <th scope="col" className="px-3 py-2.5">
              Date
            </th>
            <th scope="col" className="px-3 py-2.5 text-right">
              Price
            </th>
            <th scope="col" className="px-3 py-2.5">
              Grade
            </th>
            <th scope="col" className="py-2.5 pr-4 pl-3">
              Seller
            </th>
          </tr>
        </thead>
        <tbody>
          {analysis.sales.map((sale) => (
            <SaleRow key={sale.saleId} sale={sale} analysis={analysis} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
