import { useQuery } from '@tanstack/react-query';
import { Database, Flag, Inbox, Rss, ShieldAlert, Trash2, Upload } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { SET_IDS } from '#shared/sets.ts';
import { buttonClass } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/states.tsx';
import { sessionQuery } from '#web/features/accounts/api/session.ts';
import { useAdminSearch } from '#web/features/admin/api/sales-search.ts';
import { AdminAccessRequired } from '#web/features/admin/components/admin-access-required.tsx';
import { DeletedSalesView } from '#web/features/admin/components/deleted-sales-view.tsx';
import { ImportPanel } from '#web/features/admin/components/import-panel.tsx';
import { InquiriesList } from '#web/features/admin/components/inquiries-list.tsx';
import { SearchResults } from '#web/features/admin/components/search-results.tsx';
import { SetPanel } from '#web/features/admin/components/set-panel.tsx';
import { useAdminSearchState } from '#web/features/admin/use-admin-search-state.ts';
import { SearchBox } from '#web/features/search/components/search-box.tsx';

/**
 * docs/product.md §2 /admin-database: admins only. A signed-in non-admin or a visitor is sent home; when the session
 * cannot be checked, the page says that admin access is required instead of guessing.
 */
export function AdminDatabasePage() {
  const session = useQuery(sessionQuery);
  if (session.isPending) return <Spinner label="Checking your access…" />;
  if (session.isError) return <AdminAccessRequired />;
  if (!session.data.user?.isAdmin) return <Navigate to="/" replace />;
  return <AdminDatabaseManager />;
}

const VIEWS = [
  { value: 'sales', label: 'Sales', icon: Database },
  { value: 'deleted', label: 'Recently deleted', icon: Trash2 },
  { value: 'import', label: 'Import', icon: Upload },
  { value: 'inquiries', label: 'Inquiries', icon: Inbox },
] as const;

const TAB =
  'inline-flex shrink-0 items-center justify-center gap-1.5 sm:justify-start rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 hover:bg-white data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm';

/** The admin screen: curate sales (by day or by card), undo deletions, import sales, read inquiries. */
function AdminDatabaseManager() {
  const { state, search, setPeriod, clear } = useAdminSearchState();
  const [view, setView] = useState<string>('sales');
  const params = state.card === null ? null : { set: state.set, card: state.card, period: state.period };
  const results = useAdminSearch(params);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-ink">Admin Database Manager</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin-flags" className={buttonClass('secondary')}>
            <Flag className="size-4" aria-hidden />
            Flagged sales
          </Link>
          <Link to="/admin-feeds" className={buttonClass('secondary')}>
            <Rss className="size-4" aria-hidden />
            Feeds
          </Link>
          <Link to="/admin-reports" className={buttonClass('secondary')}>
            <ShieldAlert className="size-4" aria-hidden />
            Reports
          </Link>
        </div>
      </div>
      <Tabs.Root value={view} onValueChange={setView} className="space-y-6">
        <Tabs.List
          aria-label="Admin views"
          // Two by two on a phone, so every view's name shows whole.
          className="grid grid-cols-2 gap-1 rounded-xl bg-slate-200/70 p-1 sm:flex"
        >
          {VIEWS.map(({ value, label, icon: Icon }) => (
            <Tabs.Trigger key={value} value={value} className={TAB}>
              <Icon className="size-4 shrink-0" aria-hidden />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        {/* Kept mounted while another view is open, so the days an admin walked back to stay loaded. */}
        <Tabs.Content
          value="sales"
          forceMount
          className="space-y-6 focus-visible:outline-none data-[state=inactive]:hidden"
        >
          <div className="max-w-2xl space-y-3">
            <SearchBox
              card={state.card}
              set={state.set}
              busy={results.isPending && results.isFetching}
              onSearch={search}
              onClear={clear}
            />
          </div>
          {state.card === null ? (
            <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
              {SET_IDS.map((setId) => (
                <SetPanel key={setId} setId={setId} />
              ))}
            </div>
          ) : (
            <SearchResults
              query={results}
              card={state.card}
              period={state.period}
              onPeriodChange={setPeriod}
            />
          )}
        </Tabs.Content>
        <Tabs.Content value="deleted" className="focus-visible:outline-none">
          <DeletedSalesView />
        </Tabs.Content>
        <Tabs.Content value="import" className="focus-visible:outline-none">
          <ImportPanel />
        </Tabs.Content>
        <Tabs.Content value="inquiries" className="focus-visible:outline-none">
          <InquiriesList />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
