import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { linkRefusalMessage } from '#shared/account-links.ts';
import { firstPasswordProblem } from '#shared/registration.ts';
import { Button } from '#web/components/ui/button.tsx';
import { NewPasswordFields } from '#web/components/ui/fields.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useCompletePasswordReset } from '#web/features/accounts/api/auth.ts';
import { authErrorField, authErrorMessage } from '#web/features/accounts/auth-errors.ts';
import { useFieldErrors } from '#web/lib/use-field-errors.ts';

const FIELDS = ['password', 'verifyPassword'] as const;

/**
 * docs/product.md §2, the password reset link's page: a new password by the registration's rules and
 * messages. Saving it signs out every other device and signs in here.
 */
export function PasswordResetForm({ token }: { token: string }) {
  const reset = useCompletePasswordReset();
  const form = useFieldErrors(FIELDS);
  const [values, setValues] = useState({ password: '', verifyPassword: '' });
  const [visible, setVisible] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = reset.isPending;

  if (reset.isSuccess) {
    return (
      <div role="status" className="space-y-3">
        <h1 className="text-2xl font-bold text-slate-900">Your password is changed</h1>
        <p className="text-slate-600">
          You are signed in with your new password, and every other device was signed out.
        </p>
        <Link to="/profile" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Go to your profile
        </Link>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    form.clear();
    reset.reset();
    const found = firstPasswordProblem(values.password, values.verifyPassword);
    setProblem(found?.message ?? null);
    if (found) {
      form.show({ [found.field]: found.message });
      return;
    }
    reset.mutate(
      { token, ...values },
      {
        onError: (error) => {
          const field = authErrorField(error, FIELDS);
          if (field) form.show({ [field]: authErrorMessage(error) });
        },
      },
    );
  }

  const message = problem ?? (reset.isError ? authErrorMessage(reset.error) : null);
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby="reset-heading">
      <h1 id="reset-heading" className="text-2xl font-bold text-slate-900">
        Choose a new password
      </h1>
      {token === '' ? <ErrorNotice message={linkRefusalMessage('passwordReset', 'invalid')} /> : null}
      {message ? <ErrorNotice id={form.bannerId} message={message} /> : null}
      <NewPasswordFields
        labels={{ password: 'New password', verifyPassword: 'New password again' }}
        password={form.control('password')}
        verifyPassword={form.control('verifyPassword')}
        values={values}
        onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
        visible={visible}
        onToggle={() => setVisible((shown) => !shown)}
        disabled={busy}
      />
      <Button type="submit" className="w-full" disabled={busy || token === ''}>
        {busy ? 'Saving...' : 'Save new password'}
      </Button>
    </form>
  );
}
