import { Link } from 'react-router';
import { useState } from 'react';
import type { AdminReport } from '#shared/schemas/safety.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import { EmptyState, ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useAdminReports, useDismissReport, useSuspendAccount } from '#web/features/admin/api/reports.ts';
import { formatDateTime } from '#web/lib/format.ts';

/** The open reports, oldest first (docs/product.md §9), each with Dismiss and Suspend account. */
export function ReportsQueue() {
  const query = useAdminReports();
  if (query.isPending) return <Spinner label="Loading reports…" />;
  if (query.isError)
    return <ErrorNotice message={query.error.message} onRetry={() => void query.refetch()} />;
  const { reports } = query.data;
  return (
    <section aria-labelledby="reports-title" className="space-y-4">
      <h2 id="reports-title" className="text-xl font-bold text-ink">
        Open reports
      </h2>
      {reports.length === 0 ? (
        <EmptyState>No open reports. Messages and profiles that collectors report appear here.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {reports.map((report) => (
            <ReportItem key={report.id} report={report} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportItem({ report }: { report: AdminReport }) {
  const dismiss = useDismissReport();
  const failure = dismiss.isError ? dismiss.error.message : null;
  const what =
    report.subject === 'message'
      ? `Message from ${report.reported.username}`
      : `Profile of ${report.reported.username}`;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4" aria-label={what}>
      <article className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="font-semibold text-slate-900">{what}</h3>
          <p className="text-xs text-slate-600">
            Reported by <span className="font-semibold text-slate-800">{report.reporter.username}</span> ·{' '}
            <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
          </p>
        </div>
        {report.messageText !== null ? (
          <blockquote className="rounded-lg bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap break-words text-slate-900 ring-1 ring-slate-200">
            {report.messageText}
          </blockquote>
        ) : null}
        <p className="text-sm break-words text-slate-800">
          <span className="font-semibold">Reason: </span>
          {report.reason}
        </p>
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <Link
            to={`/profile/${encodeURIComponent(report.reported.id)}`}
            className="mr-auto text-sm font-semibold text-brand-700 underline underline-offset-2"
          >
            View {report.reported.username}’s profile
          </Link>
          <Button
            variant="secondary"
            onClick={() => dismiss.mutate(report.id)}
            disabled={dismiss.isPending}
            aria-label={`Dismiss report: ${what}`}
          >
            {dismiss.isPending ? 'Dismissing…' : 'Dismiss'}
          </Button>
          {report.reported.suspended ? (
            <p className="text-sm font-semibold text-red-700">Account suspended</p>
          ) : (
            <SuspendAccount userId={report.reported.id} username={report.reported.username} />
          )}
        </div>
        {failure ? <ErrorNotice message={failure} /> : null}
      </article>
    </li>
  );
}

function SuspendAccount({ userId, username }: { userId: string; username: string }) {
  const [open, setOpen] = useState(false);
  const suspend = useSuspendAccount();
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        if (suspend.isPending) return;
        if (next) suspend.reset();
        setOpen(next);
      }}
      title={`Suspend ${username}?`}
      description={`${username} is signed out everywhere at once and cannot sign in again. Their open offers end, and every open report about them is resolved.`}
      trigger={<Button variant="danger">Suspend account</Button>}
    >
      <div className="space-y-4">
        {suspend.isError ? <ErrorNotice message={suspend.error.message} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={suspend.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => suspend.mutate(userId, { onSuccess: () => setOpen(false) })}
            disabled={suspend.isPending}
          >
            {suspend.isPending ? 'Suspending…' : `Suspend ${username}`}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
