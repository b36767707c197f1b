import type { LucideIcon } from 'lucide-react';

export interface Benefit {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** A marketing page's benefits: a titled section of icon cards, four across on desktop. */
export function BenefitGrid({
  id,
  title,
  benefits,
}: {
  id: string;
  title: string;
  benefits: readonly Benefit[];
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {benefits.map(({ icon: Icon, title: benefitTitle, text }) => (
          <li key={benefitTitle} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <Icon className="size-7 text-brand-600" aria-hidden />
            <h3 className="mt-3 font-semibold text-slate-900">{benefitTitle}</h3>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
