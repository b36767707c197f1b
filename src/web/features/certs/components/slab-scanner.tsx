import { onlineManager } from '@tanstack/react-query';
import { Search, WifiOff } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { CertNumberSchema, type CertSlab } from '#shared/schemas/certs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FieldMessage } from '#web/components/ui/fields.tsx';
import { ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { isPassing, isUnreachable, useCertSlab } from '#web/features/certs/api/cert.ts';
import { useScanHistory } from '#web/features/certs/scan-history.ts';
import { useFieldErrors } from '#web/lib/use-field-errors.ts';
import { CameraScan } from './camera-scan.tsx';
import { CertNumberInput } from './cert-number-input.tsx';
import { SlabSummary, slabTitle } from './slab-value.tsx';

const FIELDS = ['certNumber'] as const;

const OFFLINE = 'You’re offline. Looking up a certificate needs a connection.';
// A request that reached no server: the browser may still believe it is online (a network without internet).
const NOT_REACHED =
  'Holoscope could not be reached: you may be offline. Looking up a certificate needs a connection.';

function subscribeToConnection(notify: () => void): () => void {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/** Whether the browser has a network connection, also when the page was opened without one. */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The scan page's lookup (docs/product.md §2): a certificate number typed or read by the camera, the slab
 * shown on the same page with the page's one-tap actions, and the last ten lookups of this browser. The
 * number is not put in the address: slab after slab at a show should not fill the browser's history.
 * Without a connection the page says so; a lookup asked for then goes out when the connection is back.
 */
export function SlabScanner({ actions }: { actions: (slab: CertSlab) => ReactNode }) {
  const [typed, setTyped] = useState('');
  const [cert, setCert] = useState<string | undefined>();
  const form = useFieldErrors(FIELDS);
  const slab = useCertSlab(cert, cert !== undefined);
  const { history, remember } = useScanHistory();
  const online = useOnline();
  // The queries learn of the connection from its changes only; a page opened offline tells them here, so a
  // lookup waits for the connection instead of failing.
  useEffect(() => {
    onlineManager.setOnline(online);
  }, [online]);

  useEffect(() => {
    if (slab.data) {
      remember({ cert: slab.data.cert, title: slabTitle(slab.data), grade: `PSA ${slab.data.grade.label}` });
    }
  }, [slab.data, remember]);

  const lookUp = (number: string) => {
    form.clear();
    setTyped(number);
    if (number === cert) void slab.refetch();
    else setCert(number);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CertNumberSchema.safeParse(typed);
    if (parsed.success) lookUp(parsed.data);
    else form.show({ certNumber: parsed.error.issues[0]?.message });
  };

  return (
    <>
      <form
        onSubmit={submit}
        noValidate
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <CertNumberInput form={form} value={typed} onChange={(event) => setTyped(event.target.value)}>
          <Button type="submit" disabled={slab.isFetching} className="sm:flex-none">
            <Search className="size-4" aria-hidden />
            {slab.isFetching ? 'Looking up…' : 'Look up'}
          </Button>
        </CertNumberInput>
        <FieldMessage id={form.messageIdOf('certNumber')} message={form.errors.certNumber} />
        {online ? null : (
          <p role="status" className="mt-3 flex items-start gap-2 text-sm text-amber-900">
            <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
            {OFFLINE}
          </p>
        )}
        <CameraScan onCert={lookUp} />
      </form>

      <div aria-live="polite">
        {cert === undefined ? null : slab.fetchStatus === 'paused' ? (
          <p className="mt-6 text-sm text-slate-700">
            Certificate {cert} will be looked up as soon as you are back online.
          </p>
        ) : slab.isFetching ? (
          <div className="mt-6">
            <Spinner label={`Looking up certificate ${cert}…`} />
          </div>
        ) : slab.isError ? (
          <div className="mt-6">
            <ErrorNotice
              message={isUnreachable(slab.error) ? NOT_REACHED : slab.error.message}
              {...(isPassing(slab.error) ? { onRetry: () => void slab.refetch() } : {})}
            />
          </div>
        ) : slab.data ? (
          <div key={slab.data.cert}>
            <SlabSummary slab={slab.data} />
            {actions(slab.data)}
          </div>
        ) : null}
      </div>

      {history.length > 0 ? (
        <section aria-labelledby="scan-history-heading" className="mt-8">
          <h2 id="scan-history-heading" className="text-base font-semibold text-slate-900">
            Last lookups
          </h2>
          <p className="text-xs text-slate-600">Kept in this browser only.</p>
          <ul className="mt-2 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
            {history.map((kept) => (
              <li key={kept.cert}>
                <button
                  type="button"
                  onClick={() => lookUp(kept.cert)}
                  className="w-full px-4 py-2.5 text-left text-sm hover:bg-slate-50"
                >
                  <span className="block font-medium text-slate-900">{kept.title}</span>
                  <span className="block text-slate-600">
                    {kept.grade} · cert {kept.cert}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
