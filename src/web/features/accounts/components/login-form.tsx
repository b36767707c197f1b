import { type FormEvent, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Field, PasswordField } from '#web/components/ui/fields.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useLogin } from '#web/features/accounts/api/auth.ts';
import { authErrorField, authErrorMessage } from '#web/features/accounts/auth-errors.ts';
import { useFieldErrors } from '#web/lib/use-field-errors.ts';
import { PasskeySignIn } from './passkey-sign-in.tsx';

interface LoginFormProps {
  onDone: () => void;
  onSwitch: () => void;
}

const FIELDS = ['email', 'password'] as const;

export function LoginForm({ onDone, onSwitch }: LoginFormProps) {
  const login = useLogin();
  const form = useFieldErrors(FIELDS);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const busy = login.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    form.clear();
    login.mutate(
      { email, password },
      {
        onSuccess: onDone,
        onError: (error) => {
          const field = authErrorField(error, FIELDS);
          if (field) form.show({ [field]: authErrorMessage(error) });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Sign in">
      {login.isError ? (
        // The banner is also the message of the field at fault, if there is one.
        <ErrorNotice
          id={form.firstInvalid ? form.messageIdOf(form.firstInvalid) : undefined}
          message={authErrorMessage(login.error)}
        />
      ) : null}
      <Field
        {...form.control('email')}
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        disabled={busy}
        onChange={(event) => setEmail(event.target.value)}
      />
      <PasswordField
        {...form.control('password')}
        label="Password"
        autoComplete="current-password"
        required
        visible={visible}
        onToggle={() => setVisible((shown) => !shown)}
        value={password}
        disabled={busy}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Signing In...' : 'Sign In'}
      </Button>
      <PasskeySignIn onDone={onDone} />
      <p className="text-center text-sm text-slate-600">
        Don't have an account?{' '}
        <button
          type="button"
          onClick={onSwitch}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Sign up
        </button>
      </p>
    </form>
  );
}
