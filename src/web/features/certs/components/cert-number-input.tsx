import type { ComponentProps, ReactNode } from 'react';
import type { useFieldErrors } from '#web/lib/use-field-errors.ts';

type CertNumberInputProps = Omit<ComponentProps<'input'>, 'className' | 'children' | 'form'> & {
  form: ReturnType<typeof useFieldErrors<'certNumber'>>;
  /** The form's buttons, beside the field on wider screens and under it on a phone. */
  children: ReactNode;
};

/** The labelled PSA certificate number field that the search and the scan page share. */
export function CertNumberInput({ form, children, ...props }: CertNumberInputProps) {
  return (
    <>
      <label htmlFor={form.idOf('certNumber')} className="block text-sm font-medium text-slate-800">
        PSA certificate number
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          {...form.control('certNumber')}
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 12345678"
          maxLength={20}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-base disabled:bg-slate-100 aria-invalid:border-red-500"
          {...props}
        />
        {children}
      </div>
    </>
  );
}
