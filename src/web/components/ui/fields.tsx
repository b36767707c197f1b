import { Eye, EyeOff } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

export const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 aria-invalid:border-red-600 sm:text-sm';

/** The id of a field's hint: its control lists it first in aria-describedby. */
export const hintIdOf = (id: string) => `${id}-hint`;

/**
 * What ties a control to the form's errors (`useFieldErrors`): its id, aria-invalid and aria-describedby, and,
 * for a form that shows each message under its field, the message and the id it is shown under.
 */
interface FieldWiring {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  message?: string;
  messageId?: string;
}

interface FrameProps {
  id: string;
  label: ReactNode;
  /** Shown under the control, with the id `hintIdOf(id)`. */
  hint?: ReactNode;
  message?: string;
  messageId?: string;
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

/** The label, hint and message around any control, for a control the kit does not draw (a combobox). */
export function FieldFrame({
  id,
  label,
  hint,
  message,
  messageId,
  children,
}: FrameProps & { children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintIdOf(id)} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {messageId ? <FieldMessage id={messageId} message={message} /> : null}
    </div>
  );
}

type FieldProps = FrameProps & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input; `required` is marked for assistive technology, while the form checks the rules itself. */
export function Field({ id, label, hint, message, messageId, ...input }: FieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} message={message} messageId={messageId}>
      <input id={id} className={inputClass} {...input} />
    </FieldFrame>
  );
}

type TextAreaFieldProps = FrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextAreaField({ id, label, hint, message, messageId, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} message={message} messageId={messageId}>
      <textarea id={id} className={inputClass} {...textarea} />
    </FieldFrame>
  );
}

interface SelectFieldProps
  extends FrameProps,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  /** Each choice; a plain string is both the value and what is shown. */
  options: readonly (string | { value: string; label: string })[];
  /** The first choice, with the empty value, when the field may be left without one. */
  emptyLabel?: string;
}

export function SelectField({
  id,
  label,
  hint,
  message,
  messageId,
  value,
  onChange,
  options,
  emptyLabel,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} message={message} messageId={messageId}>
      <select
        id={id}
        className={inputClass}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...select}
      >
        {emptyLabel === undefined ? null : <option value="">{emptyLabel}</option>}
        {options.map((option) => {
          const { value: optionValue, label: optionLabel } =
            typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
}

interface PasswordFieldProps extends FieldProps {
  visible: boolean;
  /** When given, the field has the show/hide button; the form may share one toggle between two fields. */
  onToggle?: () => void;
  /** Ids of every field the toggle shows or hides. */
  controls?: string;
}

export function PasswordField({
  id,
  label,
  hint,
  message,
  messageId,
  visible,
  onToggle,
  controls,
  ...input
}: PasswordFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} message={message} messageId={messageId}>
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
    </FieldFrame>
  );
}

interface NewPasswordValues {
  password: string;
  verifyPassword: string;
}

interface NewPasswordFieldsProps {
  labels: { password: string; verifyPassword: string };
  password: FieldWiring;
  verifyPassword: FieldWiring;
  values: NewPasswordValues;
  onChange: (patch: Partial<NewPasswordValues>) => void;
  visible: boolean;
  onToggle: () => void;
  /** Ids of other fields the pair's toggle also shows or hides. */
  alsoControls?: string;
  disabled?: boolean;
}

/** A new password and the same again, with one show/hide toggle for both, as every form that sets one has. */
export function NewPasswordFields({
  labels,
  password,
  verifyPassword,
  values,
  onChange,
  visible,
  onToggle,
  alsoControls,
  disabled,
}: NewPasswordFieldsProps) {
  const pair = `${password.id} ${verifyPassword.id}`;
  return (
    <>
      <PasswordField
        {...password}
        label={labels.password}
        autoComplete="new-password"
        required
        visible={visible}
        onToggle={onToggle}
        controls={alsoControls ? `${alsoControls} ${pair}` : pair}
        value={values.password}
        disabled={disabled}
        onChange={(event) => onChange({ password: event.target.value })}
      />
      <PasswordField
        {...verifyPassword}
        label={labels.verifyPassword}
        autoComplete="new-password"
        required
        visible={visible}
        value={values.verifyPassword}
        disabled={disabled}
        onChange={(event) => onChange({ verifyPassword: event.target.value })}
      />
    </>
  );
}
