import { Database, Inbox, Trash2, Upload } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { SET_IDS } from '#shared/sets.ts';
import { SearchBox } from '../search/search-box.tsx';
import { useAdminSearch } from './api/sales-search.ts';
import { DeletedSalesView } from './components/deleted-sales-view.tsx';
import { ImportPanel } from './components/import-panel.tsx';
import { InquiriesList } from './components/inquiries-list.tsx';
import { SearchResults } from './components/search-results.tsx';
import { SetPanel } from './components/set-panel.tsx';
import { useAdminSearchState } from './use-admin-search.ts';

const VIEWS = [
  { value: 'sales', label: 'Sales', icon: Database },
  { value: 'deleted', label: 'Recently deleted', icon: Trash2 },
  { value: 'import', label: 'Import', icon: Upload },
  { value: 'inquiries', label: 'Inquiries', icon: Inbox },
] as const;

const TAB =
  'inline-flex shrink-0 items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 hover:bg-white data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm';

/** The admin screen: curate sales (by day or by card), undo deletions, import sales, read inquiries. */
export function AdminDatabaseManager() {
  const { state, search, setPeriod, clear } = useAdminSearchState();
  const [view, setView] = useState<string>('sales');
  const params = state.card === null ? null : { set: state.set, card: state.card, period: state.period };
  const results = useAdminSearch(params);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Admin Database Manager</h1>
      <Tabs.Root value={view} onValueChange={setView} className="space-y-6">
        <Tabs.List
          aria-label="Admin views"
          className="flex gap-1 overflow-x-auto rounded-xl bg-slate-200/70 p-1"
        >
          {VIEWS.map(({ value, label, icon: Icon }) => (
            <Tabs.Trigger key={value} value={value} className={TAB}>
              <Icon className="size-4" aria-hidden />
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
