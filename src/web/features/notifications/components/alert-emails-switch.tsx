import { useId } from 'react';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import {
  useEmailPreference,
  useSetEmailPreference,
} from '#web/features/notifications/api/email-preference.ts';
import { formatSaleDate } from '#web/lib/format.ts';

/**
 * docs/product.md §10: the Alert emails switch at the foot of the bell's panel. Off is the same as an
 * email's unsubscribe link; on again resumes the hourly email, which is how a collector who unsubscribed
 * gets it back.
 */
export function AlertEmailsSwitch() {
  const preference = useEmailPreference();
  const change = useSetEmailPreference();
  const hintId = useId();
  const on = preference.data?.alertEmails ?? false;
  const undelivered = on ? preference.data?.undelivered : null;

  return (
    <div className="space-y-2 border-t border-slate-100 px-4 py-3">
      <label className="flex cursor-pointer items-center justify-between gap-3 text-sm font-medium text-slate-900">
        Alert emails
        <input
          type="checkbox"
          role="switch"
          aria-checked={on}
          aria-describedby={hintId}
          checked={on}
          disabled={preference.isPending || preference.isError}
          onChange={(event) => change.mutate({ alertEmails: event.target.checked })}
          className="size-4 cursor-pointer accent-brand-600 disabled:cursor-default"
        />
      </label>
      <p id={hintId} className="text-xs text-slate-600">
        {on
          ? 'At most one email an hour listing your new alerts.'
          : 'No alert emails. Your alerts still show up here.'}
      </p>
      {undelivered ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">
          Your alert email of {formatSaleDate(undelivered.at)} was refused by the mail server:{' '}
          {`“${undelivered.reason}”.`} Your alerts are all here, and the next email goes out when new ones
          arrive.
        </p>
      ) : null}
      {preference.isError ? (
        <ErrorNotice message={preference.error.message} onRetry={() => void preference.refetch()} />
      ) : change.isError ? (
        <ErrorNotice message={change.error.message} />
      ) : null}
    </div>
  );
}
