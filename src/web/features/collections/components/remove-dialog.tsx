import { type CollectionList, removeConfirmation } from '#shared/collection-rules.ts';
import type { CollectionItem } from '#shared/schemas/collections.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useRemoveCollectionItem } from '#web/features/collections/api/collection.ts';
import { itemTitle } from './item-card.tsx';

interface RemoveDialogProps {
  ownerId: string;
  list: CollectionList;
  /** The card being removed; null keeps the dialog closed. */
  item: CollectionItem | null;
  onClose: () => void;
}

/** docs/product.md §5: removing a card asks first, in the words of the tab it is removed from. */
export function RemoveDialog({ ownerId, list, item, onClose }: RemoveDialogProps) {
  const remove = useRemoveCollectionItem(ownerId);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Sheet
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="Remove card"
    >
      <div className="space-y-4">
        <p className="text-slate-800">{removeConfirmation(list)}</p>
        {item ? <p className="text-sm font-semibold text-slate-900">{itemTitle(item)}</p> : null}
        {remove.isError ? <ErrorNotice message={remove.error.message} /> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() => {
              if (item) remove.mutate(item.id, { onSuccess: close });
            }}
          >
            {remove.isPending ? 'Removing…' : 'Remove'}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
