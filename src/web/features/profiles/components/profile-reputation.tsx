import type { PublicProfile } from '#shared/schemas/users.ts';
import { ProfileLink } from '#web/components/profile-link.tsx';
import { Stars } from '#web/components/ui/stars.tsx';
import { formatSaleDate } from '#web/lib/format.ts';
import { completedDealsText, ratingsCountText, starsText } from '#web/lib/reputation-text.ts';

/**
 * docs/product.md §2: what other collectors said after completed deals: the average with its stars, how many
 * ratings and completed deals, and the latest ratings with their comments, newest first.
 */
export function ProfileReputation({ profile }: { profile: PublicProfile }) {
  const { reputation, ratings } = profile;
  return (
    <section
      aria-labelledby="reputation-title"
      className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="reputation-title" className="text-xl font-bold text-slate-900">
        Reputation
      </h2>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="reputation-summary">
        {reputation.average === null ? (
          <p className="font-semibold text-slate-900">No ratings yet</p>
        ) : (
          <p className="flex items-center gap-2 text-slate-900">
            <Stars value={reputation.average} className="size-5" />
            <span className="text-lg font-bold tabular-nums">{reputation.average.toFixed(1)}</span>
            <span className="text-sm text-slate-700">{ratingsCountText(reputation.count)}</span>
          </p>
        )}
        <p className="text-sm text-slate-700">{completedDealsText(reputation.completedDeals)}</p>
      </div>
      {ratings.length > 0 ? (
        <>
          <ol className="divide-y divide-slate-200" aria-label="Ratings received, newest first">
            {ratings.map((rating) => (
              <li key={`${rating.rater.id}-${rating.at}`} className="space-y-1 py-3 text-sm">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Stars value={rating.stars} label={`${starsText(rating.stars)} out of 5`} />
                  <span className="text-slate-700">
                    from{' '}
                    <ProfileLink userId={rating.rater.id} className="font-medium text-brand-700 underline">
                      {rating.rater.username}
                    </ProfileLink>{' '}
                    on <time dateTime={rating.at}>{formatSaleDate(rating.at)}</time>
                  </span>
                </p>
                {rating.comment ? (
                  <p className="whitespace-pre-wrap break-words text-slate-800">{rating.comment}</p>
                ) : null}
              </li>
            ))}
          </ol>
          {reputation.count > ratings.length ? (
            <p className="text-sm text-slate-600">
              The latest {ratings.length} of {ratingsCountText(reputation.count)}.
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
