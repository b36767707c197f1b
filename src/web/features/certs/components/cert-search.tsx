import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '#shared/errors.ts';
import { CertNumberSchema } from '#shared/schemas/certs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FieldMessage } from '#web/components/ui/fields.tsx';
import { ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { isPassing, useCert, useCertLookupAvailability } from '#web/features/certs/api/cert.ts';
import { apiFieldErrors, useFieldErrors } from '#web/lib/use-field-errors.ts';
import { CertNumberInput } from './cert-number-input.tsx';
import { CertResult } from './cert-result.tsx';
import { SlabValue } from './slab-value.tsx';

const FIELDS = ['certNumber'] as const;

/** The certificate number's form and what PSA answers for it; the number lives in the URL (?cert=…). */
export function CertSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const certParam = searchParams.get('cert') ?? '';
  const current = CertNumberSchema.safeParse(certParam).data;
  const [typed, setTyped] = useState(certParam);
  const form = useFieldErrors(FIELDS);
  const { clear: clearErrors, showApiError } = form;
  const input = useRef<HTMLInputElement>(null);
  const availability = useCertLookupAvailability();
  const unavailable = availability.data?.available === false;
  // Should the check itself fail, the lookup is tried and speaks for itself.
  const lookup = useCert(
    current,
    availability.isSuccess ? availability.data.available : availability.isError,
  );
  const busy = lookup.isFetching;
  // A number PSA does not accept is shown by the field, like one the form refuses itself.
  const refusedNumber = apiFieldErrors(lookup.error, FIELDS).certNumber !== undefined;

  // Back and forward through earlier lookups show their number in the box.
  useEffect(() => {
    setTyped(certParam);
    clearErrors();
  }, [certParam, clearErrors]);
  useEffect(() => {
    if (lookup.error) showApiError(lookup.error);
  }, [lookup.error, showApiError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CertNumberSchema.safeParse(typed);
    if (!parsed.success) {
      form.show({ certNumber: parsed.error.issues[0]?.message });
      return;
    }
    form.clear();
    setTyped(parsed.data);
    if (parsed.data === current) {
      if (!unavailable) lookup.refetch();
    } else setSearchParams({ cert: parsed.data });
  };

  const clear = () => {
    setTyped('');
    form.clear();
    setSearchParams({});
    input.current?.focus();
  };

  return (
    <>
      <form
        onSubmit={submit}
        noValidate
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <CertNumberInput
          ref={input}
          form={form}
          name="cert"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          disabled={busy}
        >
          <div className="flex gap-2">
            <Button type="submit" disabled={busy} className="flex-1 sm:flex-none">
              <Search className="size-4" aria-hidden />
              {busy ? 'Searching…' : 'Search'}
            </Button>
            <Button variant="secondary" onClick={clear} disabled={busy} className="flex-1 sm:flex-none">
              Clear Search
            </Button>
          </div>
        </CertNumberInput>
        <FieldMessage id={form.messageIdOf('certNumber')} message={form.errors.certNumber} />
      </form>

      <div className="mt-6">
        {unavailable ? (
          <p
            role="status"
            className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            {MESSAGES.psaNotConfigured}
            {current ? ' The sales of this certificate recorded on Holoscope are below.' : ''}
          </p>
        ) : !current ? (
          <p className="text-sm text-slate-600">
            The result shows the card's grade, its population and PSA's scans.
          </p>
        ) : lookup.isFetching || availability.isPending ? (
          <Spinner label={`Looking up certificate ${current}…`} />
        ) : lookup.isError && !refusedNumber ? (
          <ErrorNotice
            message={lookup.error.message}
            {...(isPassing(lookup.error) ? { onRetry: () => lookup.refetch() } : {})}
          />
        ) : lookup.data ? (
          <>
            <CertResult key={current} result={lookup.data} />
            <SlabValue certNumber={current} />
          </>
        ) : null}
      </div>
    </>
  );
}
