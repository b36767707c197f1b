import { type FormEvent, type ReactNode, useState } from 'react';
import { parseDollars } from '#shared/schemas/inquiries.ts';
import {
  MAX_OFFER_MESSAGE_LENGTH,
  type MakeOfferBody,
  MakeOfferBodySchema,
  OFFER_MESSAGES,
  OFFER_RESPONSE_TIME_TEXT,
} from '#shared/schemas/offers.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, TextAreaField } from '#web/components/ui/fields.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useMakeOffer } from '#web/features/offers/api/offers.ts';
import { formatDollars } from '#web/lib/format.ts';
import { issueFieldErrors, useFieldErrors } from '#web/lib/use-field-errors.ts';

export interface OfferTarget {
  itemId: string;
  /** e.g. "Charizard 4/102", shown so the sender knows what the offer is on. */
  title: string;
  ownerName: string;
  imageUrl: string;
  /** e.g. "PSA 9". */
  grade: string;
  certNumber: string | null;
  /** What the slab is likely worth in US dollars, when it can be estimated. */
  estimate: number | null;
}

/** The card the offer is on, as the sender needs to judge an amount: picture, grade, certificate, estimate. */
function OfferCard({ target }: { target: OfferTarget }) {
  return (
    <div className="flex gap-3">
      <img
        src={target.imageUrl}
        alt=""
        width={245}
        height={342}
        className="h-24 w-[4.3rem] shrink-0 rounded-md bg-slate-100 object-cover"
      />
      <div className="min-w-0 space-y-0.5 text-sm text-slate-700">
        <p className="font-semibold text-slate-900">{target.title}</p>
        <p>
          {target.grade}
          {target.certNumber ? ` · Cert ${target.certNumber}` : ''}
        </p>
        <p>
          {target.estimate !== null ? (
            <>
              Est. <span className="font-semibold tabular-nums">{formatDollars(target.estimate)}</span>
            </>
          ) : (
            'No estimate yet'
          )}
        </p>
        <p className="text-slate-600">from {target.ownerName}</p>
      </div>
    </div>
  );
}

interface OfferSheetProps {
  target: OfferTarget | null;
  onClose: () => void;
  signedIn: boolean;
  /** Offers need an account: a visitor signs in right here with this control, and the form follows. */
  loginButton: ReactNode;
}

/** docs/product.md §2 make-offer sheet: an amount, an optional note and the fixed response-time text. */
export function OfferSheet({ target, onClose, signedIn, loginButton }: OfferSheetProps) {
  return (
    <Sheet
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      side="bottom"
      title="Make Offer"
    >
      {target === null ? null : signedIn ? (
        <OfferForm target={target} onDone={onClose} />
      ) : (
        <div className="space-y-4">
          <p className="text-slate-700">Log in to make an offer on {target.title}.</p>
          <p className="text-sm text-slate-600">{OFFER_RESPONSE_TIME_TEXT}</p>
          {loginButton}
        </div>
      )}
    </Sheet>
  );
}

const FIELDS = ['amount', 'message'] as const;

function OfferForm({ target, onDone }: { target: OfferTarget; onDone: () => void }) {
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const form = useFieldErrors(FIELDS);
  // What is wrong beyond the two fields (the card itself), or the refusal of a sent offer.
  const [error, setError] = useState<string | null>(null);
  const send = useMakeOffer();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const body: MakeOfferBody = {
      itemId: target.itemId,
      amount: parseDollars(amount) ?? Number.NaN,
      message: message.trim() || null,
    };
    const checked = MakeOfferBodySchema.safeParse(body);
    setError(null);
    if (!checked.success) {
      const found = issueFieldErrors(checked.error.issues, FIELDS);
      form.show(found);
      if (Object.keys(found).length === 0)
        setError(checked.error.issues[0]?.message ?? OFFER_MESSAGES.amount);
      return;
    }
    form.clear();
    // The API takes dollars; the checked copy holds them as cents.
    send.mutate(body, {
      onSuccess: onDone,
      onError: (failure) => {
        if (!form.showApiError(failure)) setError(failure.message);
      },
    });
  };

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <OfferCard target={target} />
      {error ? <ErrorNotice message={error} /> : null}
      <Field
        {...form.field('amount')}
        label="Offer amount (USD)"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. 2,500"
        required
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <TextAreaField
        {...form.field('message')}
        label="Message (optional)"
        rows={3}
        maxLength={MAX_OFFER_MESSAGE_LENGTH}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      <p className="text-sm text-slate-600">{OFFER_RESPONSE_TIME_TEXT}</p>
      <Button type="submit" className="w-full" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send Offer'}
      </Button>
    </form>
  );
}
