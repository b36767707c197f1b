import { ReportsQueue } from '#web/features/admin/components/reports-queue.tsx';
import { AdminSubPage } from './admin-sub-page.tsx';

/** docs/product.md §2 /admin-reports. */
export function AdminReportsPage() {
  return (
    <AdminSubPage
      title="Reports"
      intro="Offer messages and profiles that collectors reported. Dismiss a report when nothing is wrong; suspend the account when it breaks the rules: it is signed out everywhere, cannot sign in, and its open offers end."
    >
      <ReportsQueue />
    </AdminSubPage>
  );
}
