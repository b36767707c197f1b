import { type FormEvent, useState } from 'react';
import { MESSAGES } from '#shared/errors.ts';
import { firstPasswordProblem } from '#shared/registration.ts';
import { SECURITY_MESSAGES } from '#shared/security.ts';
import { Button } from '#web/components/ui/button.tsx';
import { NewPasswordFields, PasswordField } from '#web/components/ui/fields.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useChangePassword } from '#web/features/security/api/security.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useFieldErrors } from '#web/lib/use-field-errors.ts';

const FIELDS = ['currentPassword', 'password', 'verifyPassword'] as const;

/**
 * docs/product.md §2, Security: a new password, the current one required, by the registration's rules and
 * messages. Every other device is signed out; this one stays signed in.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useFieldErrors(FIELDS);
  const [values, setValues] = useState({ currentPassword: '', password: '', verifyPassword: '' });
  const [visible, setVisible] = useState(false);
  const busy = change.isPending;
  const set = (patch: Partial<typeof values>) => setValues((current) => ({ ...current, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    form.clear();
    change.reset();
    if (values.currentPassword === '') {
      form.show({ currentPassword: SECURITY_MESSAGES.currentPasswordRequired });
      return;
    }
    const problem = firstPasswordProblem(values.password, values.verifyPassword);
    if (problem) {
      form.show({ [problem.field]: problem.message });
      return;
    }
    change.mutate(values, {
      onSuccess: () => setValues({ currentPassword: '', password: '', verifyPassword: '' }),
      onError: (error) => {
        if (!form.showApiError(error) && error instanceof ApiError && error.code === 'weak-password') {
          form.show({ password: error.message });
        }
      },
    });
  }

  const unexplained =
    change.isError &&
    !(change.error instanceof ApiError && (change.error.fields || change.error.code === 'weak-password'));

  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-labelledby="password-heading">
      <h3 id="password-heading" className="font-semibold text-slate-900">
        Change password
      </h3>
      <p className="text-sm text-slate-600">Changing your password signs out every other device.</p>
      {unexplained ? (
        <ErrorNotice
          message={
            change.error instanceof ApiError && change.error.code === 'rate-limited'
              ? change.error.message
              : MESSAGES.generic
          }
        />
      ) : null}
      <PasswordField
        {...form.field('currentPassword')}
        label="Current password"
        autoComplete="current-password"
        required
        visible={visible}
        value={values.currentPassword}
        disabled={busy}
        onChange={(event) => set({ currentPassword: event.target.value })}
      />
      <NewPasswordFields
        labels={{ password: 'New password', verifyPassword: 'Confirm new password' }}
        password={form.field('password')}
        verifyPassword={form.field('verifyPassword')}
        values={values}
        onChange={set}
        visible={visible}
        onToggle={() => setVisible((shown) => !shown)}
        alsoControls={form.idOf('currentPassword')}
        disabled={busy}
      />
      <p role="status" className="text-sm text-emerald-700">
        {change.isSuccess ? 'Your password was changed. Every other device was signed out.' : ''}
      </p>
      <Button type="submit" disabled={busy}>
        {busy ? 'Changing Password...' : 'Change Password'}
      </Button>
    </form>
  );
}
