import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { OfferDetail } from '#shared/schemas/offers.ts';
import {
  type DealRating,
  MAX_RATING_COMMENT_LENGTH,
  MAX_RATING_STARS,
  RateBodySchema,
} from '#shared/schemas/ratings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FieldMessage, inputClass } from '#web/components/ui/fields.tsx';
import { Stars } from '#web/components/ui/stars.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useRateDeal } from '#web/features/offers/api/ratings.ts';
import { viewerParty } from '#web/features/offers/offer-parties.ts';
import { starsText } from '#web/lib/reputation-text.ts';

const STAR_CHOICES = Array.from({ length: MAX_RATING_STARS }, (_, index) => index + 1);

/**
 * docs/product.md §5: once a deal is completed, each collector rates the other once: the form until then,
 * what they gave after, and what the other collector gave them once they have.
 */
export function RateDeal({ offer }: { offer: OfferDetail }) {
  const you = viewerParty(offer);
  const yours = offer.ratings.find((rating) => rating.by === you);
  const theirs = offer.ratings.find((rating) => rating.by !== you);
  const other = offer.otherParty.username;
  return (
    <div className="space-y-3">
      {yours ? (
        <GivenRating
          text={`You rated ${other} ${starsText(yours.stars)}`}
          rating={yours}
          testId="your-rating"
        />
      ) : (
        <RateForm offerId={offer.id} username={other} />
      )}
      {theirs ? (
        <GivenRating
          text={`${other} rated you ${starsText(theirs.stars)}`}
          rating={theirs}
          testId="their-rating"
        />
      ) : null}
    </div>
  );
}

function GivenRating({ text, rating, testId }: { text: string; rating: DealRating; testId: string }) {
  return (
    <div className="space-y-1 text-sm text-slate-800" data-testid={testId}>
      <p className="flex flex-wrap items-center gap-2 font-medium">
        <Stars value={rating.stars} label={null} />
        {text}
      </p>
      {rating.comment ? (
        <p className="whitespace-pre-wrap break-words text-slate-700 italic">“{rating.comment}”</p>
      ) : null}
    </div>
  );
}

function RateForm({ offerId, username }: { offerId: string; username: string }) {
  const id = useId();
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [problems, setProblems] = useState<{ stars?: string; comment?: string }>({});
  const rate = useRateDeal(offerId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rate.isPending) return;
    const checked = RateBodySchema.safeParse({ stars: stars ?? undefined, comment });
    if (!checked.success) {
      const found: { stars?: string; comment?: string } = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'comment' ? 'comment' : 'stars';
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    rate.mutate({ stars: checked.data.stars, comment: checked.data.comment || null });
  };

  const starsError = problems.stars;
  const commentError = problems.comment;
  const title = `Rate ${username}`;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="text-base font-bold text-slate-900">
        {title}
      </h3>
      <fieldset aria-describedby={starsError ? `${id}-stars-error` : `${id}-stars-hint`}>
        <legend className="text-sm font-medium text-slate-800">How was the deal?</legend>
        <div className="mt-1 flex gap-1">
          {STAR_CHOICES.map((choice) => (
            <label
              key={choice}
              className="relative block rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                type="radio"
                name={`${id}-stars`}
                value={choice}
                checked={stars === choice}
                onChange={() => setStars(choice)}
                aria-invalid={starsError ? true : undefined}
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md opacity-0"
              />
              <Star
                aria-hidden
                className={`size-8 ${stars !== null && choice <= stars ? 'fill-gold text-amber-500' : 'text-slate-400'}`}
              />
              <span className="sr-only">{starsText(choice)}</span>
            </label>
          ))}
        </div>
        {starsError ? (
          <FieldMessage id={`${id}-stars-error`} message={starsError} />
        ) : (
          <p id={`${id}-stars-hint`} className="mt-1 text-sm text-slate-600">
            {stars === null ? 'Choose from 1 to 5 stars.' : `${starsText(stars)} out of 5`}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor={`${id}-comment`} className="block text-sm font-medium text-slate-800">
          Comment (optional)
        </label>
        <textarea
          id={`${id}-comment`}
          rows={3}
          maxLength={MAX_RATING_COMMENT_LENGTH}
          value={comment}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? `${id}-comment-error` : undefined}
          onChange={(event) => setComment(event.target.value)}
          className={inputClass}
        />
        <FieldMessage id={`${id}-comment-error`} message={commentError} />
        <p className="mt-1 text-xs text-slate-600">Shown on {username}’s profile. At most 500 characters.</p>
      </div>
      {rate.isError ? <ErrorNotice message={rate.error.message} /> : null}
      <Button type="submit" disabled={rate.isPending}>
        {rate.isPending ? 'Sending…' : 'Send rating'}
      </Button>
    </form>
  );
}
