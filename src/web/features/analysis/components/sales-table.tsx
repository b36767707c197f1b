// biome-ignore-all lint/a11y/noRedundantRoles: explicit roles keep the table's meaning for screen readers where a phone lays its rows out as grids
import { Info } from 'lucide-react';
import type { AnalysisResponse, Sale } from '#shared/schemas/sales.ts';
import { TipButton } from '#web/components/ui/tooltip.tsx';
import { sellerRatingText } from '#web/features/analysis/seller-rating.ts';
import { flagLabel } from '#web/lib/flag-labels.ts';
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

/** Why an excluded sale is left out: per flag a chip with its short label, and its full reason beside it. */
function FlagChips({ flags }: { flags: Sale['flags'] }) {
  return (
    <ul aria-label="Why this sale is excluded" className="mt-1 space-y-1 text-xs">
      {flags.map((flag) => (
        <li key={flag.code} className="whitespace-normal">
          <span className="mr-1.5 inline-block rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 font-medium whitespace-nowrap text-amber-900">
            {flagLabel(flag.code)}
            <span className="sr-only">:</span>
          </span>
          <span className="text-slate-600">{flag.reason}</span>
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

/**
 * On a phone each sale is a small grid instead of a wide row, so nothing hides behind a sideways swipe:
 * the image on the left, date and price on the first line, grade and seller with rating on the second.
 */
const PHONE_ROW =
  'max-sm:grid max-sm:grid-cols-[auto_minmax(0,1fr)_auto] max-sm:items-start max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3';

/** "Rating 99.2%" under a seller on a phone. */
function sellerRatingShort(rating: number | null): string {
  return rating === null ? 'Rating unknown' : `Rating ${rating}%`;
}

function SaleRow({ sale, analysis }: { sale: Sale; analysis: AnalysisResponse }) {
  const day = formatSaleDate(sale.date);
  const image = sale.imageUrl ?? analysis.imageUrl;
  const what = sale.imageUrl ? 'listing photo' : 'card art';
  const details = [sale.source ? SOURCE_LABELS[sale.source] : null].filter(Boolean);
  return (
    <tr
      role="row"
      className={`border-t border-slate-100 ${PHONE_ROW} ${sale.excluded ? 'bg-slate-50 text-slate-500' : ''}`}
      data-excluded={sale.excluded || undefined}
    >
      <td role="cell" className="py-2 pr-3 pl-4 max-sm:row-span-2 max-sm:p-0">
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
      <td role="cell" className="px-3 py-2 max-sm:col-start-2 max-sm:row-start-1 max-sm:p-0">
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
        role="cell"
        className={`px-3 py-2 text-right whitespace-nowrap tabular-nums max-sm:col-start-3 max-sm:row-start-1 max-sm:p-0 ${sale.excluded ? 'font-medium' : 'font-semibold'}`}
      >
        {formatDollars(sale.price)}
        {sale.originalPrice ? (
          <span className="block text-xs font-normal text-slate-500">
            {originalPriceText(sale.originalPrice)}
          </span>
        ) : null}
      </td>
      <td
        role="cell"
        className="px-3 py-2 whitespace-nowrap max-sm:col-start-2 max-sm:row-start-2 max-sm:p-0"
      >
        {gradeText(sale)}
      </td>
      <td
        role="cell"
        className="py-2 pr-4 pl-3 max-sm:col-start-3 max-sm:row-start-2 max-sm:p-0 max-sm:text-right"
      >
        <TipButton
          tip={sellerRatingText(sale.sellerRating)}
          className="inline-flex max-w-[12rem] items-center gap-1 rounded text-left text-slate-800 hover:text-brand-700 max-sm:max-w-[10rem]"
        >
          <span className="truncate">{sale.seller}</span>
          <Info className="size-3.5 shrink-0 text-slate-400 max-sm:hidden" aria-hidden />
        </TipButton>
        {/* A phone has no hover: the rating is written out under the seller. */}
        <span className="block text-xs text-slate-500 sm:hidden">{sellerRatingShort(sale.sellerRating)}</span>
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
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white"
    >
      <table role="table" className="w-full text-sm sm:min-w-[34rem]">
        <caption className="sr-only">
          Sales of {analysis.cardName}, newest first (page {analysis.page})
        </caption>
        <thead
          role="rowgroup"
          className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase max-sm:sr-only"
        >
          <tr role="row">
            <th role="columnheader" scope="col" className="py-2.5 pr-3 pl-4">
              Image
            </th>
            <th role="columnheader" scope="col" className="px-3 py-2.5">
              Date
            </th>
            <th role="columnheader" scope="col" className="px-3 py-2.5 text-right">
              Price
            </th>
            <th role="columnheader" scope="col" className="px-3 py-2.5">
              Grade
            </th>
            <th role="columnheader" scope="col" className="py-2.5 pr-4 pl-3">
              Seller
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {analysis.sales.map((sale) => (
            <SaleRow key={sale.saleId} sale={sale} analysis={analysis} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
