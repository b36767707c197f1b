import { type FormEvent, type ReactNode, useId, useState } from 'react';
import {
  CancelDealBodySchema,
  type Deal,
  type DealStatus,
  MAX_DEAL_CANCEL_REASON_LENGTH,
  OFFER_MESSAGES,
  type OfferDetail,
} from '#shared/schemas/offers.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FieldMessage, inputClass } from '#web/components/ui/fields.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useCancelDeal, useCompleteDeal } from '#web/features/offers/api/offers.ts';
import { partyName, viewerParty } from '#web/features/offers/offer-parties.ts';
import { formatDateTime, formatDollars } from '#web/lib/format.ts';
import { RateDeal } from './rate-deal.tsx';

const STATUS_TEXT: Record<DealStatus, string> = {
  agreed: 'Agreed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

/** docs/product.md §5: the deal an accepted offer became, and what each collector does next. */
export function DealPanel({
  offer,
  deal,
  afterCompletion,
}: {
  offer: OfferDetail;
  deal: Deal;
  /** What the buyer is offered once the deal is completed (Add to my collection, composed by the page). */
  afterCompletion?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="deal-title"
      className="space-y-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
    >
      <h2 id="deal-title" className="text-lg font-bold text-slate-900">
        Deal: <span data-testid="deal-status">{STATUS_TEXT[deal.status]}</span>
      </h2>
      {deal.status === 'agreed' ? <AgreedDeal offer={offer} deal={deal} /> : null}
      {deal.status === 'completed' ? (
        <CompletedDeal offer={offer} deal={deal} afterCompletion={afterCompletion} />
      ) : null}
      {deal.status === 'cancelled' ? (
        <p className="text-sm text-slate-800">
          {partyName(offer, deal.cancelledBy ?? 'owner')} cancelled this deal on <When at={deal.updatedAt} />
          {deal.cancelReason ? (
            <>
              : <span className="whitespace-pre-wrap break-words italic">“{deal.cancelReason}”</span>
            </>
          ) : null}
          . The card takes offers again.
        </p>
      ) : null}
    </section>
  );
}

function AgreedDeal({ offer, deal }: { offer: OfferDetail; deal: Deal }) {
  const complete = useCompleteDeal(offer.id);
  const buyer = viewerParty(offer) === 'buyer';
  const other = offer.otherParty.username;
  const yours = buyer ? 'received' : 'sent';
  const theirs = buyer ? 'sent' : 'received';
  const theyMarked = (buyer ? deal.sentAt : deal.receivedAt) !== null;
  return (
    <div className="space-y-3 text-sm text-slate-800">
      <p>
        You agreed on {formatDollars(offer.amount)} on <When at={deal.agreedAt} />. The deal is completed once{' '}
        {buyer
          ? 'you mark the card as received and the owner marks it as sent'
          : 'you mark the card as sent and the buyer marks it as received'}
        .
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>{deal.youMarked ? `You marked it as ${yours}.` : `You have not marked it as ${yours} yet.`}</li>
        <li>
          {theyMarked ? `${other} marked it as ${theirs}.` : `${other} has not marked it as ${theirs} yet.`}
        </li>
      </ul>
      {complete.isError ? <ErrorNotice message={complete.error.message} /> : null}
      {deal.youMarked ? null : (
        <Button disabled={complete.isPending} onClick={() => complete.mutate()}>
          {buyer ? 'Mark as received' : 'Mark as sent'}
        </Button>
      )}
      <CancelDeal offerId={offer.id} />
    </div>
  );
}

/** A reason is required: the other collector reads it. The form opens on request, so it is not pressed by mistake. */
function CancelDeal({ offerId }: { offerId: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const cancel = useCancelDeal(offerId);

  if (!open) {
    return (
      <Button variant="secondary" aria-expanded={false} onClick={() => setOpen(true)}>
        Cancel deal…
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cancel.isPending) return;
    const checked = CancelDealBodySchema.safeParse({ reason });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? OFFER_MESSAGES.reasonRequired);
      return;
    }
    setProblem(undefined);
    cancel.mutate(checked.data);
  };
  const error = problem ?? (cancel.isError ? cancel.error.message : undefined);
  return (
    <form onSubmit={submit} noValidate aria-label="Cancel deal" className="space-y-2">
      <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
        Why are you cancelling?
      </label>
      <textarea
        id={`${id}-reason`}
        rows={2}
        maxLength={MAX_DEAL_CANCEL_REASON_LENGTH}
        value={reason}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setReason(event.target.value)}
        className={inputClass}
      />
      <FieldMessage id={`${id}-error`} message={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelling…' : 'Cancel deal'}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Keep the deal
        </Button>
      </div>
    </form>
  );
}

function CompletedDeal({
  offer,
  deal,
  afterCompletion,
}: {
  offer: OfferDetail;
  deal: Deal;
  afterCompletion: ReactNode;
}) {
  const buyer = viewerParty(offer) === 'buyer';
  return (
    <div className="space-y-3 text-sm text-slate-800">
      <p>
        Completed on <When at={deal.updatedAt} /> for {formatDollars(offer.amount)}.{' '}
        {buyer ? 'The card is yours.' : 'The card has left your Collected list.'}
      </p>
      {buyer ? afterCompletion : null}
      <RateDeal offer={offer} />
    </div>
  );
}
