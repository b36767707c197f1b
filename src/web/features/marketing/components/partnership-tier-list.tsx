import { formatSalesThreshold, PARTNERSHIP_TIERS } from '#web/features/marketing/partnership-tiers.ts';

/** The four tiers by annual sales, the highest first and set apart. */
export function PartnershipTierList() {
  return (
    <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {PARTNERSHIP_TIERS.map((tier, index) => (
        <li
          key={tier.name}
          className={`flex flex-col rounded-2xl p-5 shadow-sm ${
            index === 0 ? 'bg-ink text-white' : 'border border-slate-200 bg-white text-slate-900'
          }`}
        >
          <h3 className="text-lg font-bold">{tier.name}</h3>
          <p className={`mt-1 text-3xl font-extrabold ${index === 0 ? 'text-gold' : 'text-brand-700'}`}>
            {formatSalesThreshold(tier.minimumAnnualSales)}
          </p>
          <p className={`text-sm ${index === 0 ? 'text-slate-300' : 'text-slate-600'}`}>in annual sales</p>
          <p className={`mt-3 text-sm ${index === 0 ? 'text-slate-200' : 'text-slate-700'}`}>{tier.perk}</p>
        </li>
      ))}
    </ol>
  );
}
