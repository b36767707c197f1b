import { useQuery } from '@tanstack/react-query';
import { Database } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { buttonClass } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/states.tsx';
import { sessionQuery } from '#web/features/accounts/api/session.ts';
import { AdminAccessRequired } from '#web/features/admin/components/admin-access-required.tsx';
import { FlagReview } from '#web/features/flags/components/flag-review.tsx';

/** docs/product.md §11 /admin-flags: admins only, checked as on the Database Manager. */
export function AdminFlagsPage() {
  const session = useQuery(sessionQuery);
  if (session.isPending) return <Spinner label="Checking your access…" />;
  if (session.isError) return <AdminAccessRequired />;
  if (!session.data.user?.isAdmin) return <Navigate to="/" replace />;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-ink">Flagged sales</h1>
        <Link to="/admin-database" className={buttonClass('secondary')}>
          <Database className="size-4" aria-hidden />
          Database Manager
        </Link>
      </div>
      <p className="max-w-3xl text-slate-700">
        Sales the importer flagged, with the reason: outliers, probable duplicates, titles of another item and
        Best Offers without their accepted price. A flagged sale stays out of every price figure. Confirm a
        flag to keep it out, or clear it to let the sale count again; a cleared flag is not raised again.
      </p>
      <FlagReview />
    </div>
  );
}
