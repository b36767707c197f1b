import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Feed } from '#shared/schemas/feeds.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useDeleteFeed } from '#web/features/feeds/api/feeds.ts';

/** docs/product.md §2 Feeds: Delete asks "Delete the feed {name}?" before the feed and its runs go. */
export function DeleteFeed({ feed }: { feed: Feed }) {
  const [open, setOpen] = useState(false);
  const deletion = useDeleteFeed();

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        if (!deletion.isPending) setOpen(next);
      }}
      title={`Delete the feed ${feed.name}?`}
      description="Its schedule stops and its runs, errors and refused titles are removed. The sales it brought in stay."
      trigger={
        <Button variant="secondary" onClick={() => deletion.reset()}>
          <Trash2 className="size-4" aria-hidden />
          Delete
        </Button>
      }
    >
      <div className="space-y-4">
        {deletion.isError ? <ErrorNotice message={deletion.error.message} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={deletion.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => deletion.mutate(feed.id, { onSuccess: () => setOpen(false) })}
            disabled={deletion.isPending}
          >
            {deletion.isPending ? 'Deleting…' : 'Delete feed'}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
