import { Button } from '#web/components/ui/button.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useUnsubscribe } from '#web/features/notifications/api/unsubscribe.ts';

/**
 * docs/product.md §10: where an alert email's unsubscribe link leads. Opening the link only asks; the button
 * does it, so a mail scanner that follows links cannot unsubscribe anyone. No sign-in needed; the answer
 * says where to turn the emails back on.
 */
export function UnsubscribeConfirm({ token }: { token: string }) {
  const unsubscribe = useUnsubscribe();
  if (unsubscribe.isSuccess) {
    return (
      <div role="status" className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">You are unsubscribed</h1>
        <p className="text-slate-600">
          We will not send you alert emails any more. Your alerts stay in the app, behind the bell.
        </p>
        <p className="text-slate-600">
          Changed your mind? Sign in, open the bell and turn <strong>Alert emails</strong> back on.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Stop alert emails?</h1>
      <p className="text-slate-600">
        You will no longer get the hourly email about your watched cards and your Want to Buy list. Your
        alerts stay in the app, behind the bell.
      </p>
      {unsubscribe.isError ? <ErrorNotice message={unsubscribe.error.message} /> : null}
      <Button disabled={unsubscribe.isPending || token === ''} onClick={() => unsubscribe.mutate(token)}>
        {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
      </Button>
    </div>
  );
}
