import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { signInProblemMessage } from '#shared/identity-providers.ts';
import { firstProviderAccountProblem } from '#shared/registration.ts';
import { Button, buttonClass } from '#web/components/ui/button.tsx';
import { ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useCompleteProviderSignIn, usePendingIdentity } from '#web/features/accounts/api/identity.ts';
import { authErrorField, authErrorMessage } from '#web/features/accounts/auth-errors.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useFieldErrors } from '#web/lib/use-field-errors.ts';
import { UsernameField } from './account-fields.tsx';
import { CountryField } from './country-field.tsx';

const FIELDS = ['username', 'country'] as const;

function Problem({ title, message }: { title: string; message: string }) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <ErrorNotice message={message} />
      <Link to="/" className={buttonClass('secondary')}>
        Back to Home
      </Link>
    </div>
  );
}

/**
 * /sign-in/complete (docs/product.md, "Sign-in with a provider"): a person new to Holoscope who signed in
 * with a provider picks a username and a country (the registration's rules and messages, in their order);
 * with `?problem=` it tells why a provider sign-in stopped.
 */
export function CompleteProviderSignIn({ problem }: { problem: string | null }) {
  const pending = usePendingIdentity(problem === null);
  if (problem !== null)
    return <Problem title="Sign-in did not finish" message={signInProblemMessage(problem)} />;
  if (pending.isPending) return <Spinner label="Loading your sign-in…" />;
  if (pending.isError) {
    const gone = pending.error instanceof ApiError && pending.error.status === 404;
    return gone ? (
      <Problem title="Sign-in did not finish" message={signInProblemMessage('expired')} />
    ) : (
      <>
        <h1 className="text-2xl font-bold text-slate-900">Finish signing in</h1>
        <ErrorNotice message={authErrorMessage(pending.error)} onRetry={() => void pending.refetch()} />
      </>
    );
  }
  if (pending.data.problem) {
    return <Problem title="We could not create your account" message={pending.data.problem} />;
  }
  return <ProviderAccountForm providerName={pending.data.providerName} email={pending.data.email ?? ''} />;
}

function ProviderAccountForm({ providerName, email }: { providerName: string; email: string }) {
  const complete = useCompleteProviderSignIn();
  const navigate = useNavigate();
  const [input, setInput] = useState({ username: '', country: '', countryCode: '' });
  const form = useFieldErrors(FIELDS);
  const busy = complete.isPending;
  const set = (patch: Partial<typeof input>) => setInput((current) => ({ ...current, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    complete.reset();
    const found = firstProviderAccountProblem(input);
    if (found) {
      form.show({ [found.field]: found.message });
      return;
    }
    form.clear();
    complete.mutate(input, {
      onSuccess: (data) => navigate(data.returnTo, { replace: true }),
      onError: (error) => {
        const field = authErrorField(error, FIELDS);
        if (field) form.show({ [field]: authErrorMessage(error) });
      },
    });
  }

  const invalid = form.firstInvalid;
  const refusal = complete.isError
    ? complete.error instanceof ApiError && complete.error.status === 409
      ? complete.error.message
      : authErrorMessage(complete.error)
    : null;
  const message = invalid ? form.errors[invalid] : refusal;
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Finish signing in</h1>
        <p className="text-slate-600">
          You signed in with {providerName} as <strong className="break-all">{email}</strong>. Choose how
          other collectors see you.
        </p>
      </div>
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Finish creating your account">
        {message ? <ErrorNotice id={form.bannerId} message={message} /> : null}
        <UsernameField
          {...form.control('username')}
          value={input.username}
          disabled={busy}
          onChange={(username) => set({ username })}
        />
        <CountryField
          {...form.control('country')}
          value={{ country: input.country, countryCode: input.countryCode }}
          onChange={set}
          disabled={busy}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
    </div>
  );
}
