import { type ReactNode, useEffect, useState } from 'react';
import { Download, Loader2 } from 'lucide-react';
import type { GradeChoice, Period } from '#shared/sales-constants.ts';
import type { AnalysisResponse } from '#shared/schemas/sales.ts';
import { getSet } from '#shared/sets.ts';
import { PeriodSelector } from '#web/components/period-selector.tsx';
import { buttonClass } from '#web/components/ui/button.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { type AnalysisParams, analysisCsvUrl } from '#web/features/analysis/api/analysis.ts';
import { formatCount } from '#web/lib/format.ts';
import { GradeFilter } from './analysis-filters.tsx';
import { GradeLadder } from './grade-ladder.tsx';
import { ImageViewer } from './image-viewer.tsx';
import { MarketRangeBar } from './market-range-bar.tsx';
import { PopulationHistory } from './population-history.tsx';
import { PriceHistory } from './price-history.tsx';
import { QuickAdvanceLink } from './quick-advance-link.tsx';
import { SalesTable } from './sales-table.tsx';
import { SlabEstimatePanel } from './slab-estimate-panel.tsx';

export interface AnalysisViewProps {
  analysis: AnalysisResponse;
  params: AnalysisParams;
  /** True while a different period, grade or page of the same card loads. */
  updating: boolean;
  onPeriodChange: (period: Period) => void;
  onGradeChange: (choice: GradeChoice | null) => void;
  onPageChange: (page: number) => void;
  onIncludeFlaggedChange: (include: boolean) => void;
}

/**
 * "Include flagged sales (N)" (docs/product.md §11): flagged sales are left out of every figure unless this
 * is on; turning it on or off recomputes the statistics, chart, ladder and estimate.
 */
function IncludeFlaggedSwitch({
  count,
  checked,
  onChange,
}: {
  count: number;
  checked: boolean;
  onChange: (include: boolean) => void;
}) {
  // The address changes in a transition; the switch answers the click at once.
  const [shown, setShown] = useState(checked);
  useEffect(() => setShown(checked), [checked]);
  return (
    <label className="inline-flex h-9 cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
      <input
        type="checkbox"
        role="switch"
        aria-checked={shown}
        checked={shown}
        onChange={(event) => {
          setShown(event.target.checked);
          onChange(event.target.checked);
        }}
        className="size-4 cursor-pointer accent-brand-600"
      />
      Include flagged sales ({formatCount(count)})
    </label>
  );
}

function CardHeading({
  analysis,
  csvUrl,
  quickAdvance,
}: {
  analysis: AnalysisResponse;
  csvUrl: string | null;
  quickAdvance?: ReactNode;
}) {
  const { cardName, imageUrl } = analysis;
  return (
    <header className="flex flex-wrap items-start gap-4">
      {imageUrl ? (
        <ImageViewer
          src={imageUrl}
          title={`${cardName} card art`}
          alt={`${cardName} card art`}
          thumbnailClassName="h-24 w-[4.3rem] sm:h-28 sm:w-20"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-500">{getSet(analysis.setId).name}</p>
        <h2 id="analysis-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {cardName}
        </h2>
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-slate-500">Card Number</dt>
            <dd className="font-semibold text-slate-900">{analysis.cardNumber}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-slate-500">Rarity</dt>
            <dd className="font-semibold text-slate-900">{analysis.rarity}</dd>
          </div>
        </dl>
      </div>
      {quickAdvance || csvUrl ? (
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          {quickAdvance}
          {csvUrl ? (
            <a href={csvUrl} download className={buttonClass('secondary', 'w-full sm:w-auto')}>
              <Download className="size-4" aria-hidden />
              Export CSV
            </a>
          ) : null}
        </div>
      ) : null}
    </header>
  );
}

function NoResults({ cardName }: { cardName: string }) {
  return <EmptyState>No results found for "{cardName}"</EmptyState>;
}

/** The sales analysis (docs/product.md §2): statistics, price chart, grade filter, sales table and CSV export. */
export function AnalysisView(props: AnalysisViewProps) {
  const { analysis, params, updating } = props;
  const filtered = params.period !== 'all' || params.grader !== null;

  if (analysis.total === 0 && !filtered) {
    return (
      <section aria-labelledby="analysis-heading" className="space-y-5">
        {analysis.cardId ? (
          <CardHeading analysis={analysis} csvUrl={null} />
        ) : (
          <h2 id="analysis-heading" className="sr-only">
            Search results
          </h2>
        )}
        <NoResults cardName={analysis.cardName} />
      </section>
    );
  }

  const grade =
    params.grader && params.grade !== null ? { grader: params.grader, grade: params.grade } : null;
  const slab = grade
    ? { set: params.set, card: params.card, ...grade, includeFlagged: params.includeFlagged }
    : null;
  const pageCount = Math.max(1, Math.ceil(analysis.total / analysis.pageSize));

  return (
    <section aria-labelledby="analysis-heading" aria-busy={updating} className="space-y-5">
      <CardHeading
        analysis={analysis}
        csvUrl={analysisCsvUrl(params)}
        quickAdvance={<QuickAdvanceLink slab={slab} median={analysis.stats.median} />}
      />
      <GradeLadder
        set={params.set}
        card={params.card}
        cardName={analysis.cardName}
        period={params.period}
        includeFlagged={params.includeFlagged}
        selected={grade}
        onSelect={props.onGradeChange}
      />
      <PopulationHistory set={params.set} card={params.card} selected={grade} />
      <div className="flex flex-wrap items-end gap-x-5 gap-y-3">
        <PeriodSelector value={params.period} onChange={props.onPeriodChange} />
        <GradeFilter options={analysis.gradeOptions} value={grade} onChange={props.onGradeChange} />
        {analysis.stats.excludedCount > 0 || params.includeFlagged ? (
          <IncludeFlaggedSwitch
            count={analysis.stats.excludedCount}
            checked={params.includeFlagged}
            onChange={props.onIncludeFlaggedChange}
          />
        ) : null}
        {updating ? (
          <p role="status" className="inline-flex h-9 items-center gap-2 text-sm text-slate-500">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            Updating…
          </p>
        ) : null}
      </div>
      {slab ? <SlabEstimatePanel slab={slab} /> : null}
      {analysis.total === 0 ? (
        <NoResults cardName={analysis.cardName} />
      ) : (
        <div className={`space-y-5 transition-opacity ${updating ? 'opacity-60' : ''}`}>
          <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            <MarketRangeBar stats={analysis.stats} />
            <section
              aria-labelledby="price-history-heading"
              className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
            >
              <h3 id="price-history-heading" className="mb-3 font-semibold text-slate-900">
                Price history
              </h3>
              <PriceHistory series={analysis.series} saleCount={analysis.stats.count} />
            </section>
          </div>
          <section aria-labelledby="sales-heading" className="space-y-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id="sales-heading" className="font-semibold text-slate-900">
                Sales
              </h3>
              <p className="text-sm text-slate-600">
                Total Sales:{' '}
                <span className="font-semibold text-slate-900">{formatCount(analysis.total)}</span>
                {/* The table lists flagged sales too; the ladder, filter and figures count them only when included. */}
                {analysis.stats.excludedCount > 0 && !params.includeFlagged
                  ? `, ${formatCount(analysis.stats.excludedCount)} of them flagged and left out of the figures`
                  : null}
              </p>
            </div>
            <SalesTable analysis={analysis} />
            <p className="text-xs text-slate-500">
              Prices are what the buyer paid for the card: the sale price plus any buyer’s premium, without
              shipping. Sales in other currencies are converted to US dollars at the European Central Bank’s
              reference rate of the sale day; the original price is shown beside it. Flagged sales are shown
              muted with the reason and left out of the figures unless you include them.
            </p>
            <Pagination
              page={analysis.page}
              pageCount={pageCount}
              onPageChange={props.onPageChange}
              label="Sales pages"
            />
          </section>
        </div>
      )}
    </section>
  );
}
