import { type FormEvent, useId, useState } from 'react';
import { parseDollars } from '#shared/schemas/inquiries.ts';
import { CounterOfferBodySchema, MAX_OFFER_MESSAGE_LENGTH, OFFER_MESSAGES } from '#shared/schemas/offers.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FieldMessage, inputClass } from '#web/components/ui/fields.tsx';
import { useCounterOffer } from '#web/features/offers/api/offers.ts';

const labelClass = 'block text-sm font-medium text-slate-800';

/** A new amount and an optional note, under the offer's rules; the turn then passes to the other collector. */
export function CounterForm({ offerId }: { offerId: string }) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<{ field: 'amount' | 'message'; text: string } | null>(null);
  const counter = useCounterOffer(offerId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (counter.isPending) return;
    const body = { amount: parseDollars(amount) ?? Number.NaN, message: message.trim() || null };
    const checked = CounterOfferBodySchema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setProblem({
        field: issue?.path[0] === 'message' ? 'message' : 'amount',
        text: issue?.message ?? OFFER_MESSAGES.amount,
      });
      return;
    }
    setProblem(null);
    counter.mutate(body, {
      onSuccess: () => {
        setAmount('');
        setMessage('');
      },
    });
  };

  const amountError = problem?.field === 'amount' ? problem.text : undefined;
  const messageError = problem?.field === 'message' ? problem.text : undefined;
  return (
    <form onSubmit={submit} noValidate aria-label="Counter-offer" className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={`${id}-amount`} className={labelClass}>
          Counter amount (USD)
        </label>
        <input
          id={`${id}-amount`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 2,500"
          value={amount}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? `${id}-amount-error` : undefined}
          onChange={(event) => setAmount(event.target.value)}
          className={inputClass}
        />
        <FieldMessage id={`${id}-amount-error`} message={amountError} />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-note`} className={labelClass}>
          Note with the counter (optional)
        </label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={MAX_OFFER_MESSAGE_LENGTH}
          value={message}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? `${id}-note-error` : undefined}
          onChange={(event) => setMessage(event.target.value)}
          className={inputClass}
        />
        <FieldMessage id={`${id}-note-error`} message={messageError} />
      </div>
      {counter.isError ? <FieldMessage id={`${id}-refused`} message={counter.error.message} /> : null}
      <Button type="submit" variant="secondary" disabled={counter.isPending}>
        {counter.isPending ? 'Sending…' : 'Counter'}
      </Button>
    </form>
  );
}
