import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MESSAGES } from '#shared/errors.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useDeleteSales } from '#web/features/admin/api/delete-sales.ts';

interface DeleteSelectedProps {
  saleIds: string[];
  onDeleted: () => void;
}

/** docs/product.md §5: Delete Selected (n) asks "Delete {n} selected sales?" before anything is deleted. */
export function DeleteSelected({ saleIds, onDeleted }: DeleteSelectedProps) {
  const [open, setOpen] = useState(false);
  const deletion = useDeleteSales();
  const count = saleIds.length;

  const confirm = () => {
    deletion.mutate(saleIds, {
      onSuccess: () => onDeleted(),
      onSettled: () => setOpen(false),
    });
  };

  return (
    <>
      <Sheet
        open={open}
        onOpenChange={(next) => {
          if (!deletion.isPending) setOpen(next);
        }}
        title={`Delete ${count} selected sales?`}
        description="They leave every analysis at once. You can put them back from Recently deleted."
        trigger={
          <Button variant="danger" disabled={count === 0} onClick={() => deletion.reset()}>
            <Trash2 className="size-4" aria-hidden />
            Delete Selected ({count})
          </Button>
        }
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={deletion.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={deletion.isPending}>
            {deletion.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </div>
      </Sheet>
      {deletion.isError ? (
        <div className="basis-full">
          <ErrorNotice message={MESSAGES.deleteFailed} />
        </div>
      ) : null}
    </>
  );
}
