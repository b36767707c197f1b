import { Eye, EyeOff } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';

export const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 aria-invalid:border-red-600 sm:text-sm';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
}

/** A labelled input; `required` is marked for assistive technology, while the form checks the rules itself. */
export function Field({ id, label, ...input }: FieldProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} className={inputClass} {...input} />
    </div>
  );
}

interface PasswordFieldProps extends FieldProps {
  visible: boolean;
  /** When given, the field has the show/hide button; the form may share one toggle between two fields. */
  onToggle?: () => void;
  /** Ids of every field the toggle shows or hides. */
  controls?: string;
}

export function PasswordField({ id, label, visible, onToggle, controls, ...input }: PasswordFieldProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input id={id} type={visible ? 'text' : 'password'} className={`${inputClass} pr-11`} {...input} />
        {onToggle ? (
          <button
            type="button"
            onClick={onToggle}
            aria-label="Show password"
            aria-pressed={visible}
            aria-controls={controls ?? id}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-900"
          >
            {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** A field's message, right under it; the field points at it with aria-describedby. */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}
