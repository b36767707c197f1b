import { FlagReview } from '#web/features/flags/components/flag-review.tsx';
import { AdminSubPage } from './admin-sub-page.tsx';

/** docs/product.md §11 /admin-flags. */
export function AdminFlagsPage() {
  return (
    <AdminSubPage
      title="Flagged sales"
      intro="Sales the importer flagged, with the reason: outliers, probable duplicates, titles of another item and Best Offers without their accepted price. A flagged sale stays out of every price figure. Confirm a flag to keep it out, or clear it to let the sale count again; a cleared flag is not raised again."
    >
      <FlagReview />
    </AdminSubPage>
  );
}
