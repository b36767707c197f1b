import { ShieldCheck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { CertNumberSchema } from '#shared/schemas/certs.ts';
import { CertSearch } from '#web/features/certs/components/cert-search.tsx';
import { SlabHistoryPanel } from '#web/features/slabs/components/slab-history-panel.tsx';

/** /psa-search: look up a PSA certificate by its number, and the slab's sales under PSA's answer. */
export function PsaSearchPage() {
  const [searchParams] = useSearchParams();
  const cert = CertNumberSchema.safeParse(searchParams.get('cert') ?? '').data;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <div className="flex items-center gap-3">
        <ShieldCheck className="size-8 shrink-0 text-brand-600" aria-hidden />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Card Authentication Search
        </h1>
      </div>
      <p className="mt-2 text-slate-600">
        Enter the certificate number printed on a PSA label to see what PSA recorded for that card.
      </p>
      <CertSearch />
      {cert ? <SlabHistoryPanel grader="PSA" cert={cert} /> : null}
    </div>
  );
}
