import { Ban } from 'lucide-react';
import { useState } from 'react';
import type { PublicProfile } from '#shared/schemas/users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useBlockCollector } from '#web/features/profiles/api/block.ts';
import { FALLBACK_USERNAME } from './profile-header.tsx';

/**
 * Block / Unblock on another collector's profile (docs/product.md §9), each after a confirmation that says
 * what it does.
 */
export function BlockButton({ profile }: { profile: PublicProfile }) {
  const [open, setOpen] = useState(false);
  const change = useBlockCollector(profile.id);
  const name = profile.username.trim() || FALLBACK_USERNAME;
  const blocking = !profile.blockedByYou;

  const confirm = () => {
    change.mutate(blocking, { onSuccess: () => setOpen(false) });
  };

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        if (change.isPending) return;
        if (next) change.reset();
        setOpen(next);
      }}
      title={blocking ? `Block ${name}?` : `Unblock ${name}?`}
      description={
        blocking
          ? `${name} will no longer be able to make offers on your cards, counter your offers or send you messages, and their offers leave your lists. Open offers between you are declined. They are not told.`
          : `${name} will be able to make offers to you and send you messages again. Offers declined when you blocked them stay declined.`
      }
      trigger={
        <Button variant="secondary" className="px-3 py-1.5">
          <Ban className="size-4" aria-hidden />
          {blocking ? 'Block' : 'Unblock'}
        </Button>
      }
    >
      <div className="space-y-4">
        {change.isError ? <ErrorNotice message={change.error.message} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={change.isPending}>
            Cancel
          </Button>
          <Button variant={blocking ? 'danger' : 'primary'} onClick={confirm} disabled={change.isPending}>
            {change.isPending
              ? blocking
                ? 'Blocking…'
                : 'Unblocking…'
              : blocking
                ? `Block ${name}`
                : `Unblock ${name}`}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
