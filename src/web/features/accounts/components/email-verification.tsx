import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { linkRefusalMessage } from '#shared/account-links.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useResendVerification, useVerifyEmail } from '#web/features/accounts/api/email-verification.ts';
import { useSession } from '#web/features/accounts/api/session.ts';
import { authErrorMessage } from '#web/features/accounts/auth-errors.ts';

/**
 * docs/product.md §2, the verification link's page: it verifies as it opens (it signs nobody in, so a mail
 * scanner that follows the link does no harm) and says how it went.
 */
export function EmailVerification({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || token === '') return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Verify your email address</h1>
      {token === '' ? <ErrorNotice message={linkRefusalMessage('emailVerification', 'invalid')} /> : null}
      {verify.isPending ? <Spinner label="Verifying your email address…" /> : null}
      {verify.isError ? <ErrorNotice message={authErrorMessage(verify.error)} /> : null}
      {verify.isSuccess ? (
        <div role="status" className="space-y-2">
          <p className="text-slate-700">Your email address is verified. Alert emails can reach you now.</p>
          <Link to="/" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Back to Holoscope
          </Link>
        </div>
      ) : null}
    </div>
  );
}

/** The own profile's line about the address: verified, or not yet with a way to get a new link. */
export function EmailVerificationStatus() {
  const { user } = useSession();
  const resend = useResendVerification();
  if (!user) return null;
  return (
    <section aria-labelledby="email-status" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="email-status" className="text-sm font-semibold text-slate-900">
        Email address
      </h2>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span className="break-all">{user.email}</span>
        {user.emailVerified ? (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            Verified
          </span>
        ) : (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            Not verified
          </span>
        )}
      </p>
      {user.emailVerified ? null : (
        <div className="mt-3 space-y-2">
          <p className="text-sm text-slate-600">
            Alert emails go only to a verified address. Open the link in the email we sent you, or get a new
            one.
          </p>
          {resend.isError ? <ErrorNotice message={authErrorMessage(resend.error)} /> : null}
          {resend.isSuccess ? (
            <p role="status" className="text-sm text-slate-700">
              Sent. Open the link in the email to verify your address; it works for 24 hours.
            </p>
          ) : (
            <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
              {resend.isPending ? 'Sending...' : 'Send verification email'}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
