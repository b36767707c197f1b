import { useId } from 'react';
import type { PublicProfile } from '#shared/schemas/users.ts';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useChangeProfileSettings } from '#web/features/profiles/api/profile.ts';

/**
 * docs/product.md §2: the owner's Show my collection's value switch, off until they turn it on. Off, only they
 * see the collection's value and their cards' estimates; on, everyone who opens the profile does.
 */
export function CollectionValueSwitch({ profile }: { profile: PublicProfile }) {
  const change = useChangeProfileSettings();
  const hintId = useId();
  const on = change.isPending
    ? (change.variables?.showCollectionValue ?? false)
    : profile.showCollectionValue;

  return (
    <div className="mt-2 space-y-1">
      <label className="flex w-fit cursor-pointer items-center gap-2 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          role="switch"
          aria-checked={on}
          aria-describedby={hintId}
          checked={on}
          disabled={change.isPending}
          onChange={(event) => change.mutate({ showCollectionValue: event.target.checked })}
          className="size-4 cursor-pointer accent-brand-600 disabled:cursor-default"
        />
        Show my collection’s value
      </label>
      <p id={hintId} className="text-xs text-slate-600">
        {on
          ? 'Everyone who opens your profile sees this value and each card’s estimate.'
          : 'Only you see this value and each card’s estimate.'}
      </p>
      {change.isError ? <ErrorNotice message={change.error.message} /> : null}
    </div>
  );
}
