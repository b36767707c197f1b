import { CalendarRange, HandCoins, ShieldCheck, TrendingUp } from 'lucide-react';
import { useSearchParams } from 'react-router';
import {
  ADVANCE_GRADERS,
  ADVANCE_PERCENT,
  ADVANCE_TERM_WEEKS,
  DEALER_PERCENT,
  EBAY_FEE_PERCENT,
  EXAMPLE_MARKET_VALUE,
  MINIMUM_MARKET_VALUE,
  marketValueFromSearch,
  maxAdvance,
  qualifiesForAdvance,
} from '#shared/advance-terms.ts';
import { formatDollars } from '#shared/money.ts';
import { InquiryButton } from '#web/features/inquiries/components/inquiry-button.tsx';
import { AdvanceFaq } from '#web/features/marketing/components/advance-faq.tsx';
import { type Benefit, BenefitGrid } from '#web/features/marketing/components/benefit-grid.tsx';
import { CallToAction } from '#web/features/marketing/components/call-to-action.tsx';
import { MarketingTopBar } from '#web/features/marketing/components/marketing-top-bar.tsx';
import { StampBackground } from '#web/features/marketing/components/stamp-background.tsx';
import { ValueComparison } from '#web/features/marketing/components/value-comparison.tsx';

const graders = ADVANCE_GRADERS.join(', ');
const terms = `${ADVANCE_TERM_WEEKS.min}–${ADVANCE_TERM_WEEKS.max} weeks`;

const FACTS = [
  { value: `Up to ${ADVANCE_PERCENT}%`, label: 'of market value' },
  { value: formatDollars(MINIMUM_MARKET_VALUE), label: 'minimum market value' },
  { value: graders, label: 'graded slabs' },
  { value: terms, label: 'terms' },
];

const BENEFITS: Benefit[] = [
  {
    icon: HandCoins,
    title: 'Cash without selling',
    text: 'Your card secures the advance. Repay it and the card comes back to you — no auction, no buyer to wait for.',
  },
  {
    icon: TrendingUp,
    title: `Up to ${ADVANCE_PERCENT}% of market value`,
    text: 'Offers follow real graded sales of your card, so a strong market means a bigger advance.',
  },
  {
    icon: CalendarRange,
    title: 'Terms that fit',
    text: `Choose a term between ${terms} and keep your collection while you use the cash.`,
  },
  {
    icon: ShieldCheck,
    title: 'Slabs from the big three',
    text: `${graders} graded cards worth ${formatDollars(MINIMUM_MARKET_VALUE)} or more qualify.`,
  },
];

/**
 * /card-advances: what a card advance is, how it compares and how to apply. Quick Advance on an analysis brings
 * the card's value (`?value=`), which the hero and the calculator then show.
 */
export function CardAdvancesPage() {
  const [search] = useSearchParams();
  const cardValue = marketValueFromSearch(search);
  return (
    <div className="bg-slate-50">
      <MarketingTopBar />

      <section
        id="advance"
        aria-labelledby="advance-heading"
        className="relative scroll-mt-4 overflow-hidden bg-ink text-white"
      >
        <StampBackground />
        <div className="relative mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-gold">Card Advances</p>
          <h1 id="advance-heading" className="mt-2 max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">
            Cash for your graded cards — and you keep them
          </h1>
          <p className="mt-4 max-w-xl text-lg text-slate-200">
            Get up to {ADVANCE_PERCENT}% of your card's market value now. A card worth{' '}
            {formatDollars(EXAMPLE_MARKET_VALUE)} can get an advance of{' '}
            <strong className="text-gold">{formatDollars(maxAdvance(EXAMPLE_MARKET_VALUE))}</strong>.
          </p>
          {cardValue !== undefined ? (
            <p className="mt-4 max-w-xl rounded-xl bg-white/10 p-3 text-base ring-1 ring-white/15">
              {qualifiesForAdvance(cardValue) ? (
                <>
                  Your card is valued at {formatDollars(cardValue)} from its recorded sales: an advance of up
                  to <strong className="text-gold">{formatDollars(maxAdvance(cardValue))}</strong>.{' '}
                </>
              ) : (
                <>
                  Your card is valued at {formatDollars(cardValue)}; advances start at a market value of{' '}
                  {formatDollars(MINIMUM_MARKET_VALUE)}.{' '}
                </>
              )}
              <a href="#comparison-heading" className="font-semibold text-gold underline underline-offset-2">
                See how it compares
              </a>
            </p>
          ) : null}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <InquiryButton kind="advance" label="Apply Now" />
            <InquiryButton kind="contact" label="Contact Us" variant="light" />
          </div>
          <dl className="mt-10 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {FACTS.map((fact) => (
              <div
                key={fact.label}
                className="flex flex-col-reverse rounded-xl bg-white/10 p-3 ring-1 ring-white/15 backdrop-blur-sm"
              >
                <dt className="text-xs uppercase tracking-wide text-slate-300">{fact.label}</dt>
                <dd className="mb-1 text-lg font-bold">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <BenefitGrid id="benefits-heading" title="Why collectors use advances" benefits={BENEFITS} />

      <section aria-labelledby="comparison-heading" className="mx-auto max-w-6xl px-4 pb-12 sm:px-6">
        <h2 id="comparison-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          How an advance compares
        </h2>
        <p className="mt-2 max-w-2xl text-slate-600">
          Selling on eBay costs about {EBAY_FEE_PERCENT}% in fees and takes time; a dealer pays around{' '}
          {DEALER_PERCENT}% on the spot. An advance pays now and lets you keep the card.
        </p>
        <div className="mt-6">
          <ValueComparison key={cardValue} initialValue={cardValue} />
        </div>
      </section>

      <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 pb-12 sm:px-6">
        <h2 id="faq-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Frequently asked questions
        </h2>
        <div className="mt-6">
          <AdvanceFaq />
        </div>
      </section>

      <CallToAction
        title="Ready to put your cards to work?"
        text="We reply to every application within one business day."
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <InquiryButton kind="advance" label="Apply Now" />
          <InquiryButton kind="contact" label="Contact Us" variant="light" />
        </div>
      </CallToAction>
    </div>
  );
}
