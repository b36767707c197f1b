import { BarChart3, Handshake, Info, Users } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '#web/components/ui/button.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';

const FEATURES = [
  {
    icon: BarChart3,
    title: 'Market Analysis',
    text: 'See what a graded 1st Edition card really sold for: every recorded sale with its date, price and seller, the market range, and the price trend over time.',
  },
  {
    icon: Users,
    title: 'Source Cards',
    text: 'Find the collectors who own the card you are after, open their profiles, and make an offer on cards they have marked as open to offers.',
  },
  {
    icon: Handshake,
    title: 'Consignment',
    text: 'Compare trusted consignment agents by rating, speciality and fee, next to the sales history of the card you want to sell.',
  },
];

/** The header's Info button and the modal it opens. */
export function FeaturesModal() {
  const [open, setOpen] = useState(false);
  const trigger = (
    <button type="button" className={buttonClass('ghost')}>
      <Info className="size-4" aria-hidden />
      Info
    </button>
  );
  return (
    <Sheet open={open} onOpenChange={setOpen} title="Holoscope Features" trigger={trigger}>
      <ul className="space-y-4">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
            <div>
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="text-sm text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
