import { KeyRound } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { usePasskeySignIn } from '#web/features/accounts/api/passkey-sign-in.ts';
import { browserHasPasskeys, passkeyErrorMessage } from '#web/lib/passkeys.ts';

/**
 * docs/product.md §2: Sign in with a passkey, under the password form. No email is typed: the browser offers
 * the passkeys it holds for Holoscope. Shown only where the browser has WebAuthn.
 */
export function PasskeySignIn({ onDone }: { onDone: () => void }) {
  const signIn = usePasskeySignIn();
  if (!browserHasPasskeys()) return null;
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" aria-hidden>
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </p>
      {signIn.isError ? <ErrorNotice message={passkeyErrorMessage(signIn.error)} /> : null}
      <Button
        variant="secondary"
        className="w-full"
        disabled={signIn.isPending}
        onClick={() => signIn.mutate(undefined, { onSuccess: onDone })}
      >
        <KeyRound className="size-4" aria-hidden />
        {signIn.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
    </div>
  );
}
