import { type FormEvent, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Field, PasswordField } from '#web/components/ui/fields.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useLogin } from '#web/features/accounts/api/auth.ts';
import { authErrorMessage } from '#web/features/accounts/auth-errors.ts';

interface LoginFormProps {
  onDone: () => void;
  onSwitch: () => void;
}

export function LoginForm({ onDone, onSwitch }: LoginFormProps) {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const busy = login.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    login.mutate({ email, password }, { onSuccess: onDone });
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Sign in">
      {login.isError ? <ErrorNotice message={authErrorMessage(login.error)} /> : null}
      <Field
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        disabled={busy}
        onChange={(event) => setEmail(event.target.value)}
      />
      <PasswordField
        id="login-password"
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
