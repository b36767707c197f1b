import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { MINIMUM_MARKET_VALUE } from '#shared/advance-terms.ts';
import {
  type InquiryBody,
  InquiryBodySchema,
  type InquiryKind,
  MAX_MESSAGE_LENGTH,
  parseDollars,
} from '#shared/schemas/inquiries.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useSendInquiry } from '#web/features/inquiries/api/send-inquiry.ts';
import { ApiError } from '#web/lib/api-client.ts';

export const CONFIRMATION =
  'Thanks — we received your inquiry and will reply by email within one business day.';

type Field = 'name' | 'email' | 'card' | 'estimatedValue' | 'message';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { name: '', email: '', card: '', estimatedValue: '', message: '' };
const FIELD_ORDER: Field[] = ['name', 'email', 'card', 'estimatedValue', 'message'];

const MESSAGE_HINTS: Record<InquiryKind, string> = {
  advance: 'Anything we should know: grade, grader, how soon you need the cash.',
  contact: 'How can we help?',
  partnership: 'Your store or brand, what you sell and roughly how much a year.',
};

function toBody(kind: InquiryKind, values: Values): InquiryBody {
  const common = { kind, name: values.name, email: values.email, message: values.message };
  if (kind !== 'advance') return common;
  const estimatedValue = parseDollars(values.estimatedValue);
  return { ...common, card: values.card, ...(estimatedValue === undefined ? {} : { estimatedValue }) };
}

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The short inquiry form of the marketing pages; what was typed stays put when something needs fixing. */
export function InquiryForm({ kind, onDone }: { kind: InquiryKind; onDone: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const send = useSendInquiry();
  const form = useRef<HTMLFormElement>(null);
  const idPrefix = useId();

  const focusFirstError = (found: Errors) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toBody(kind, values);
    const parsed = InquiryBodySchema.safeParse(body);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setErrors({});
    send.mutate(body, {
      onSuccess: () => {
        setValues(EMPTY);
        setSent(true);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          const found = error.fields as Errors;
          setErrors(found);
          focusFirstError(found);
        }
      },
    });
  };

  if (sent) {
    return (
      <div className="space-y-4 text-center">
        <CheckCircle2 className="mx-auto size-10 text-emerald-600" aria-hidden />
        <p role="status" className="text-slate-800">
          {CONFIRMATION}
        </p>
        <Button onClick={onDone}>Close</Button>
      </div>
    );
  }

  const field = (name: Field, label: string, control: (props: ControlProps) => ReactNode, hint?: string) => {
    const id = `${idPrefix}-${name}`;
    const describedBy = [hint ? `${id}-hint` : '', errors[name] ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        ) : null}
        {control({
          id,
          name,
          value: values[name],
          onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
          'aria-invalid': errors[name] ? true : undefined,
          'aria-describedby': describedBy || undefined,
          className:
            'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-base aria-invalid:border-red-500',
        })}
        {errors[name] ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };

  const generalError = send.isError && !(send.error instanceof ApiError && send.error.fields);

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4">
      {field('name', 'Name', (props) => (
        <input {...inputProps(props)} autoComplete="name" />
      ))}
      {field('email', 'Email', (props) => (
        <input {...inputProps(props)} type="email" autoComplete="email" />
      ))}
      {kind === 'advance' ? (
        <>
          {field('card', 'Card', (props) => (
            <input {...inputProps(props)} placeholder="e.g. Charizard 4/102, PSA 9" />
          ))}
          {field(
            'estimatedValue',
            'Estimated value (US dollars)',
            (props) => (
              <input {...inputProps(props)} inputMode="decimal" placeholder="e.g. 2,500" />
            ),
            `Your best estimate. We advance on cards worth $${MINIMUM_MARKET_VALUE} or more.`,
          )}
        </>
      ) : null}
      {field(
        'message',
        'Message',
        (props) => (
          <textarea {...inputProps(props)} rows={4} maxLength={MAX_MESSAGE_LENGTH} />
        ),
        MESSAGE_HINTS[kind],
      )}
      {generalError ? <ErrorNotice message={send.error.message} /> : null}
      <Button type="submit" disabled={send.isPending} className="w-full">
        {send.isPending ? 'Sending…' : 'Send inquiry'}
      </Button>
    </form>
  );
}

interface ControlProps {
  id: string;
  name: Field;
  value: string;
  onChange: (value: string) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

function inputProps({ onChange, ...props }: ControlProps) {
  return {
    ...props,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
}
