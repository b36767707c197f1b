import { useQuery } from '@tanstack/react-query';
import { Database } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { buttonClass } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/states.tsx';
import { sessionQuery } from '#web/features/accounts/api/session.ts';
import { AdminAccessRequired } from '#web/features/admin/components/admin-access-required.tsx';

/**
 * An admin page reached from the Database Manager: admins only, checked as on the Database Manager, with
 * its heading, a way back and what the page is for.
 */
export function AdminSubPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  const session = useQuery(sessionQuery);
  if (session.isPending) return <Spinner label="Checking your access…" />;
  if (session.isError) return <AdminAccessRequired />;
  if (!session.data.user?.isAdmin) return <Navigate to="/" replace />;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
        <Link to="/admin-database" className={buttonClass('secondary')}>
          <Database className="size-4" aria-hidden />
          Database Manager
        </Link>
      </div>
      <p className="max-w-3xl text-slate-700">{intro}</p>
      {children}
    </div>
  );
}
