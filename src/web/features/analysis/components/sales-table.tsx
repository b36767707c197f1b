import { Info } from 'lucide-react';
import type { AnalysisResponse, Sale } from '#shared/schemas/sales.ts';
import { type Column, DataTable } from '#web/components/ui/data-table.tsx';
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

function SaleImage({ sale, analysis }: { sale: Sale; analysis: AnalysisResponse }) {
  const day = formatSaleDate(sale.date);
  const image = sale.imageUrl ?? analysis.imageUrl;
  const what = sale.imageUrl ? 'listing photo' : 'card art';
  return image ? (
    <ImageViewer
      src={image}
      title={`${analysis.cardName}, sold ${day}`}
      alt={`${analysis.cardName} ${what}, sold ${day} for ${formatDollars(sale.price)}`}
    />
  ) : (
    <span className="text-slate-400">—</span>
  );
}

/** The day of the sale, where it sold and its certificate, and why it is excluded when it is. */
function SaleDate({ sale }: { sale: Sale }) {
  const details = [sale.source ? SOURCE_LABELS[sale.source] : null].filter(Boolean);
  return (
    <>
      <time dateTime={sale.date} className="whitespace-nowrap">
        {formatSaleDate(sale.date)}
      </time>
      {details.length > 0 || sale.certNumber ? (
        <p className="text-xs whitespace-nowrap text-slate-500">
          {details.join(' · ')}
          {details.length > 0 && sale.certNumber ? ' · ' : ''}
          <CertText sale={sale} />
        </p>
      ) : null}
      {sale.excluded ? <FlagChips flags={sale.flags} /> : null}
    </>
  );
}

/** The table's columns; a phone places each cell in the row's grid (PHONE_ROW). */
function saleColumns(analysis: AnalysisResponse): Column<Sale>[] {
  return [
    {
      header: 'Image',
      headerClassName: 'py-2.5 pr-3 pl-4',
      cellClassName: 'py-2 pr-3 pl-4 max-sm:row-span-2 max-sm:p-0',
      cell: (sale) => <SaleImage sale={sale} analysis={analysis} />,
    },
    {
      header: 'Date',
      headerClassName: 'px-3 py-2.5',
      cellClassName: 'px-3 py-2 max-sm:col-start-2 max-sm:row-start-1 max-sm:p-0',
      cell: (sale) => <SaleDate sale={sale} />,
    },
    {
      header: 'Price',
      headerClassName: 'px-3 py-2.5 text-right',
      cellClassName: (sale) =>
        `px-3 py-2 text-right whitespace-nowrap tabular-nums max-sm:col-start-3 max-sm:row-start-1 max-sm:p-0 ${sale.excluded ? 'font-medium' : 'font-semibold'}`,
      cell: (sale) => (
        <>
          {formatDollars(sale.price)}
          {sale.originalPrice ? (
            <span className="block text-xs font-normal text-slate-500">
              {originalPriceText(sale.originalPrice)}
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: 'Grade',
      headerClassName: 'px-3 py-2.5',
      cellClassName: 'px-3 py-2 whitespace-nowrap max-sm:col-start-2 max-sm:row-start-2 max-sm:p-0',
      cell: gradeText,
    },
    {
      header: 'Seller',
      headerClassName: 'py-2.5 pr-4 pl-3',
      cellClassName: 'py-2 pr-4 pl-3 max-sm:col-start-3 max-sm:row-start-2 max-sm:p-0 max-sm:text-right',
      cell: (sale) => (
        <>
          <TipButton
            tip={sellerRatingText(sale.sellerRating)}
            className="inline-flex max-w-[12rem] items-center gap-1 rounded text-left text-slate-800 hover:text-brand-700 max-sm:max-w-[10rem]"
          >
            <span className="truncate">{sale.seller}</span>
            <Info className="size-3.5 shrink-0 text-slate-400 max-sm:hidden" aria-hidden />
          </TipButton>
          {/* A phone has no hover: the rating is written out under the seller. */}
          <span className="block text-xs text-slate-500 sm:hidden">
            {sellerRatingShort(sale.sellerRating)}
          </span>
        </>
      ),
    },
  ];
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
      <DataTable
        explicitRoles
        className="w-full text-sm sm:min-w-[34rem]"
        caption={`Sales of ${analysis.cardName}, newest first (page ${analysis.page})`}
        headClassName="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase max-sm:sr-only"
        columns={saleColumns(analysis)}
        rows={analysis.sales}
        rowKey={(sale) => sale.saleId}
        rowClassName={(sale) =>
          `border-t border-slate-100 ${PHONE_ROW} ${sale.excluded ? 'bg-slate-50 text-slate-500' : ''}`
        }
        rowData={(sale) => ({ 'data-excluded': sale.excluded || undefined })}
      />
    </section>
  );
}
