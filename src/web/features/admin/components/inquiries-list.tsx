import type { InquiryKind } from '#shared/schemas/inquiries.ts';
import { EmptyState, ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useAdminInquiries } from '#web/features/admin/api/inquiries.ts';
import { formatDollars } from '#web/lib/format.ts';

const KIND_LABELS: Record<InquiryKind, string> = {
  advance: 'Card advance',
  partnership: 'Seller Equity Program',
  contact: 'Contact',
};
const sentAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Inquiries sent from the marketing pages, newest first, so an admin can answer them. */
export function InquiriesList() {
  const query = useAdminInquiries();
  if (query.isPending) return <Spinner label="Loading inquiries…" />;
  if (query.isError)
    return <ErrorNotice message={query.error.message} onRetry={() => void query.refetch()} />;
  const { inquiries } = query.data;

  return (
    <section aria-labelledby="inquiries-title" className="space-y-4">
      <h2 id="inquiries-title" className="text-xl font-bold text-ink">
        Inquiries
      </h2>
      {inquiries.length === 0 ? (
        <EmptyState>
          No inquiries yet. Messages sent from the Card Advances and Seller Equity pages appear here.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {inquiries.map((inquiry) => (
            <li key={inquiry.id} className="rounded-2xl border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold text-slate-900">
                  {inquiry.name}{' '}
                  <a
                    href={`mailto:${inquiry.email}`}
                    className="font-normal text-brand-700 underline underline-offset-2"
                  >
                    {inquiry.email}
                  </a>
                </p>
                <p className="text-xs text-slate-600">
                  <span className="mr-2 rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-700">
                    {KIND_LABELS[inquiry.kind]}
                  </span>
                  <time dateTime={inquiry.createdAt}>{sentAt.format(new Date(inquiry.createdAt))}</time>
                </p>
              </div>
              {inquiry.card || inquiry.estimatedValue !== null ? (
                <p className="mt-1 text-sm text-slate-700">
                  {inquiry.card ?? 'Card not named'}
                  {inquiry.estimatedValue !== null
                    ? ` · estimated ${formatDollars(inquiry.estimatedValue)}`
                    : ''}
                </p>
              ) : null}
              <p className="mt-2 text-sm whitespace-pre-line text-slate-800">{inquiry.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
