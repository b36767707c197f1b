import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { MINIMUM_MARKET_VALUE } from '#shared/advance-terms.ts';
import {
  type InquiryBody,
  InquiryBodySchema,
  type InquiryKind,
  MAX_MESSAGE_LENGTH,
  parseDollars,
} from '#shared/schemas/inquiries.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FieldMessage } from '#web/components/ui/fields.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useSendInquiry } from '#web/features/inquiries/api/send-inquiry.ts';
import { issueFieldErrors, useFieldErrors } from '#web/lib/use-field-errors.ts';

const CONFIRMATION = 'Thanks — we received your inquiry and will reply by email within one business day.';

const FIELDS = ['name', 'email', 'card', 'estimatedValue', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const EMPTY: Values = { name: '', email: '', card: '', estimatedValue: '', message: '' };

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

/** The short inquiry form of the marketing pages; what was typed stays put when something needs fixing. */
export function InquiryForm({ kind, onDone }: { kind: InquiryKind; onDone: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const form = useFieldErrors(FIELDS);
  const [sent, setSent] = useState(false);
  const send = useSendInquiry();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toBody(kind, values);
    const parsed = InquiryBodySchema.safeParse(body);
    if (!parsed.success) {
      form.show(issueFieldErrors(parsed.error.issues, FIELDS));
      return;
    }
    form.clear();
    send.mutate(body, {
      onSuccess: () => {
        setValues(EMPTY);
        setSent(true);
      },
      onError: (error) => form.showApiError(error),
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
    const id = form.idOf(name);
    const hintId = hint ? `${id}-hint` : undefined;
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-xs text-slate-600">
            {hint}
          </p>
        ) : null}
        {control({
          ...form.control(name, hintId),
          name,
          value: values[name],
          onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
          className:
            'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-base aria-invalid:border-red-500',
        })}
        <FieldMessage id={form.messageIdOf(name)} message={form.errors[name]} />
      </div>
    );
  };

  const generalError = send.isError && form.firstInvalid === null;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
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
