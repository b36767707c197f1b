import { FeedsPanel } from '#web/features/feeds/components/feeds-panel.tsx';
import { AdminSubPage } from './admin-sub-page.tsx';

/** docs/product.md §2 /admin-feeds. */
export function AdminFeedsPage() {
  return (
    <AdminSubPage
      title="Feeds"
      intro="Sales that arrive on a schedule: from eBay, a partner’s file at an address, or files dropped in a folder. Every sale goes through the importer; titles that do not name a covered card are refused with the reason."
    >
      <FeedsPanel />
    </AdminSubPage>
  );
}
