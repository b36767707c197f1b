import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import { EmptyState, ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useFeeds } from '#web/features/feeds/api/feeds.ts';
import { AddFeedForm } from './add-feed-form.tsx';
import { FeedCard } from './feed-card.tsx';

/** docs/product.md §2 Feeds: every feed with its latest run, and adding one. */
export function FeedsPanel() {
  const feeds = useFeeds();
  const [adding, setAdding] = useState(false);
  return (
    <div className="space-y-4">
      <Sheet
        open={adding}
        onOpenChange={setAdding}
        title="Add feed"
        trigger={
          <Button>
            <Plus className="size-4" aria-hidden />
            Add feed
          </Button>
        }
      >
        <AddFeedForm onDone={() => setAdding(false)} />
      </Sheet>
      {feeds.isPending ? <Spinner label="Loading feeds…" /> : null}
      {feeds.isError ? <ErrorNotice message={feeds.error.message} onRetry={() => feeds.refetch()} /> : null}
      {feeds.isSuccess && feeds.data.feeds.length === 0 ? (
        <EmptyState>No feeds yet. Add one to bring in sales on a schedule.</EmptyState>
      ) : null}
      {feeds.isSuccess ? (
        <div className="space-y-4">
          {feeds.data.feeds.map((feed) => (
            <FeedCard key={feed.id} feed={feed} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
