import { useState } from 'react';
import type { InquiryKind } from '#shared/schemas/inquiries.ts';
import { buttonClass } from '#web/components/ui/button.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import { InquiryForm } from './inquiry-form.tsx';

const TITLES: Record<InquiryKind, string> = {
  advance: 'Apply for a card advance',
  contact: 'Contact us',
  partnership: 'Join the Seller Equity Program',
};

const DESCRIPTIONS: Record<InquiryKind, string> = {
  advance: 'Tell us about your card and we will come back with an offer.',
  contact: 'Questions about advances or anything else: we read every message.',
  partnership: 'Tell us about your business and our partnerships team will be in touch.',
};

/** A call-to-action button that opens the inquiry form of its kind in a bottom sheet. */
export function InquiryButton({
  kind,
  label,
  variant = 'primary',
  className = '',
}: {
  kind: InquiryKind;
  label: string;
  variant?: 'primary' | 'secondary' | 'light';
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const look =
    variant === 'light'
      ? 'inline-flex items-center justify-center gap-2 rounded-lg bg-white/10 px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/40 hover:bg-white/20 focus-visible:outline-white'
      : buttonClass(variant);
  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      side="bottom"
      title={TITLES[kind]}
      description={DESCRIPTIONS[kind]}
      trigger={
        <button type="button" className={`${look} ${className}`}>
          {label}
        </button>
      }
    >
      {open ? <InquiryForm kind={kind} onDone={() => setOpen(false)} /> : null}
    </Sheet>
  );
}
