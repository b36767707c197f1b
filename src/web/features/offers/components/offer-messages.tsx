import { type FormEvent, useId, useState } from 'react';
import {
  MAX_CONVERSATION_MESSAGE_LENGTH,
  OFFER_MESSAGES,
  type OfferDetail,
  OfferMessageBodySchema,
} from '#shared/schemas/offers.ts';
import { ReportButton } from '#web/components/report-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FieldMessage, inputClass } from '#web/components/ui/fields.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { useSendOfferMessage } from '#web/features/offers/api/offers.ts';
import { partyName } from '#web/features/offers/offer-parties.ts';
import { formatCount, formatDateTime } from '#web/lib/format.ts';

/**
 * The two parties' conversation, oldest first. Messages are shown as the plain text they are: nothing in
 * them becomes a link or markup.
 */
export function OfferMessages({ offer }: { offer: OfferDetail }) {
  const open = offer.status === 'open' || offer.status === 'accepted';
  return (
    <section aria-labelledby="offer-messages-title" className="space-y-3">
      <h2 id="offer-messages-title" className="text-lg font-bold text-slate-900">
        Messages
      </h2>
      {offer.messages.length === 0 ? (
        <EmptyState>No messages yet. Ask about the card, shipping or payment here.</EmptyState>
      ) : (
        <ol className="space-y-2" aria-label="Messages">
          {offer.messages.map((message) => {
            const mine = partyName(offer, message.by) === 'You';
            return (
              <li
                key={message.id}
                className={`max-w-[85%] rounded-xl px-3 py-2 text-sm ${mine ? 'ml-auto bg-brand-50 ring-1 ring-brand-100' : 'bg-slate-50 ring-1 ring-slate-200'}`}
              >
                <p className="text-xs text-slate-600">
                  <span className="font-semibold text-slate-800">{partyName(offer, message.by)}</span> ·{' '}
                  <time dateTime={message.at}>{formatDateTime(message.at)}</time>
                  {mine ? null : (
                    <ReportButton
                      subject="message"
                      id={message.id}
                      label={`Report message from ${partyName(offer, message.by)}`}
                      size="small"
                    />
                  )}
                </p>
                <p className="whitespace-pre-wrap break-words text-slate-900">{message.text}</p>
              </li>
            );
          })}
        </ol>
      )}
      {open ? (
        <MessageForm offerId={offer.id} />
      ) : (
        <p className="text-sm text-slate-600">{OFFER_MESSAGES.conversationClosed}</p>
      )}
    </section>
  );
}

function MessageForm({ offerId }: { offerId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const send = useSendOfferMessage(offerId);
  const length = text.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const checked = OfferMessageBodySchema.safeParse({ text });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? OFFER_MESSAGES.textRequired);
      return;
    }
    setProblem(undefined);
    send.mutate({ text }, { onSuccess: () => setText('') });
  };

  const error = problem ?? (send.isError ? send.error.message : undefined);
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-800">
        Message
      </label>
      <textarea
        id={`${id}-text`}
        rows={3}
        maxLength={MAX_CONVERSATION_MESSAGE_LENGTH}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(event) => setText(event.target.value)}
        className={inputClass}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-count`} className="text-sm text-slate-600 tabular-nums">
          {formatCount(length)} of {formatCount(MAX_CONVERSATION_MESSAGE_LENGTH)} characters
        </p>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send message'}
        </Button>
      </div>
      <FieldMessage id={`${id}-error`} message={error} />
    </form>
  );
}
