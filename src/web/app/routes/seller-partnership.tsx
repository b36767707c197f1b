import {
  BadgePercent,
  ChartNoAxesCombined,
  Handshake,
  Megaphone,
  PackageSearch,
  Sparkles,
  Users,
} from 'lucide-react';
import { InquiryButton } from '#web/features/inquiries/components/inquiry-button.tsx';
import { type Benefit, BenefitGrid } from '#web/features/marketing/components/benefit-grid.tsx';
import { CallToAction } from '#web/features/marketing/components/call-to-action.tsx';
import { MarketingTopBar } from '#web/features/marketing/components/marketing-top-bar.tsx';
import { PartnershipTierList } from '#web/features/marketing/components/partnership-tier-list.tsx';
import { StampBackground } from '#web/features/marketing/components/stamp-background.tsx';
import { FEE_FREE_MONTHS } from '#web/features/marketing/partnership-tiers.ts';

const BENEFITS: Benefit[] = [
  {
    icon: BadgePercent,
    title: 'Zero fees in your first year',
    text: `No Holoscope fees on your sales for your first ${FEE_FREE_MONTHS} months as a partner.`,
  },
  {
    icon: ChartNoAxesCombined,
    title: 'Share in the growth',
    text: 'Rewards step up with your annual sales, so the program grows as your business does.',
  },
  {
    icon: Users,
    title: 'Reach serious collectors',
    text: 'Collectors research prices and find sellers on Holoscope every day.',
  },
  {
    icon: Handshake,
    title: 'A partner, not a platform',
    text: 'A named contact who knows the vintage market and answers quickly.',
  },
];

const OPPORTUNITIES = [
  {
    icon: PackageSearch,
    title: 'Sourcing requests',
    text: 'Get matched with collectors looking for the Base Set, Jungle and Fossil cards you stock.',
  },
  {
    icon: Megaphone,
    title: 'Co-marketing',
    text: 'Feature your shop in Holoscope campaigns and collector newsletters.',
  },
  {
    icon: Sparkles,
    title: 'Card advances for your customers',
    text: 'Offer your buyers and consignors cash advances on graded cards through Holoscope.',
  },
];

/** /seller-partnership: the Seller Equity Program, its tiers and how to apply. */
export function SellerPartnershipPage() {
  return (
    <div className="bg-slate-50">
      <MarketingTopBar />

      <section aria-labelledby="partnership-heading" className="relative overflow-hidden bg-ink text-white">
        <StampBackground />
        <div className="relative mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-gold">Seller Equity Program</p>
          <h1
            id="partnership-heading"
            className="mt-2 max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl"
          >
            Grow your card business with Holoscope
          </h1>
          <p className="mt-4 max-w-xl text-lg text-slate-200">
            A partnership for high-volume sellers of graded vintage cards — with{' '}
            <strong className="text-gold">zero fees in the first year</strong>.
          </p>
          <div className="mt-8">
            <InquiryButton kind="partnership" label="Apply to Partner" />
          </div>
        </div>
      </section>

      <BenefitGrid id="benefits-heading" title="Benefits" benefits={BENEFITS} />

      <section aria-labelledby="tiers-heading" className="mx-auto max-w-6xl px-4 pb-12 sm:px-6">
        <h2 id="tiers-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Partnership tiers
        </h2>
        <p className="mt-2 text-slate-600">
          Your tier follows your annual sales. Every tier starts fee-free for a year.
        </p>
        <PartnershipTierList />
      </section>

      <section aria-labelledby="opportunities-heading" className="mx-auto max-w-6xl px-4 pb-12 sm:px-6">
        <h2 id="opportunities-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Opportunities
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {OPPORTUNITIES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <Icon className="size-7 shrink-0 text-brand-600" aria-hidden />
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <CallToAction
        title="Ready to grow with Holoscope?"
        text="Tell us about your business; the first year is on us."
      >
        <InquiryButton kind="partnership" label="Apply to Partner" variant="light" />
      </CallToAction>
    </div>
  );
}
