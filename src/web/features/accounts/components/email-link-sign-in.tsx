import { Link } from 'react-router';
import { linkRefusalMessage } from '#shared/account-links.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useEmailLinkSignIn } from '#web/features/accounts/api/auth.ts';
import { authErrorMessage } from '#web/features/accounts/auth-errors.ts';

/**
 * docs/product.md §2, the sign-in link's page. Opening the link only asks: the button signs in, so a mail
 * scanner that follows links cannot spend it before its owner does.
 */
export function EmailLinkSignIn({ token }: { token: string }) {
  const signIn = useEmailLinkSignIn();
  if (signIn.isSuccess) {
    return (
      <div role="status" className="space-y-3">
        <h1 className="text-2xl font-bold text-slate-900">You are signed in</h1>
        <p className="text-slate-600">Welcome back, {signIn.data.user.username}.</p>
        <p className="flex flex-wrap gap-4">
          <Link to="/profile" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Go to your profile
          </Link>
          <Link to="/" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Search sales
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Sign in to Holoscope</h1>
      <p className="text-slate-600">
        You opened a sign-in link from your email. It signs you in on this browser.
      </p>
      {token === '' ? <ErrorNotice message={linkRefusalMessage('emailLink', 'invalid')} /> : null}
      {signIn.isError ? <ErrorNotice message={authErrorMessage(signIn.error)} /> : null}
      <Button disabled={signIn.isPending || token === ''} onClick={() => signIn.mutate({ token })}>
        {signIn.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </div>
  );
}
