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

function SaleRow({ sale, analysis }: { sale: Sale; analysis: AnalysisResponse }) {
  const day = formatSaleDate(sale.date);
  const image = sale.imageUrl ?? analysis.imageUrl;
  const what = sale.imageUrl ? 'listing photo' : 'card art';
  return (
    <tr className="border-t border-slate-100">
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
      <td className="px-3 py-2 whitespace-nowrap">
        <time dateTime={sale.date}>{day}</time>
      </td>
      <td className="px-3 py-2 text-right font-semibold whitespace-nowrap tabular-nums">
        {formatDollars(sale.price)}
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

/** The sales table (docs/product.md §2): Image, Date, Price, Seller (with the seller rating at the time of sale), newest first. */
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
