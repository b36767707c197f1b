import { ScanLine } from 'lucide-react';
import { SlabScanner } from '#web/features/certs/components/slab-scanner.tsx';
import { SlabActions } from './scan-actions.tsx';

/** /scan: a PSA slab in hand, its certificate number typed, and what it is worth with one-tap actions. */
export function ScanPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <div className="flex items-center gap-3">
        <ScanLine className="size-8 shrink-0 text-brand-600" aria-hidden />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Scan a slab</h1>
      </div>
      <p className="mt-2 text-slate-600">
        Type the certificate number on a PSA label to see the card, what it is worth at its grade, its
        population and recent sales, then add it to your collection or watch it.
      </p>
      <SlabScanner actions={(slab) => <SlabActions slab={slab} />} />
    </div>
  );
}
