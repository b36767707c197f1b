import { type FormEvent, useState } from 'react';
import { firstRegistrationProblem, type RegistrationInput } from '#shared/registration.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, PasswordField } from '#web/components/ui/fields.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useRegister } from '#web/features/accounts/api/auth.ts';
import { authErrorMessage } from '#web/features/accounts/auth-errors.ts';
import { CountryField } from './country-field.tsx';

interface RegisterFormProps {
  onDone: () => void;
  onSwitch: () => void;
}

const EMPTY: RegistrationInput = {
  username: '',
  email: '',
  password: '',
  verifyPassword: '',
  country: '',
  countryCode: '',
};

/** SPEC.md §5's rules run here first (the same function the server runs), so the first problem shows at once. */
export function RegisterForm({ onDone, onSwitch }: RegisterFormProps) {
  const register = useRegister();
  const [input, setInput] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [visible, setVisible] = useState(false);
  const busy = register.isPending;
  const set = (patch: Partial<RegistrationInput>) => setInput((current) => ({ ...current, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    register.reset();
    const found = firstRegistrationProblem(input);
    setProblem(found?.message ?? null);
    if (found) return;
    register.mutate(input, { onSuccess: onDone });
  }

  const message = problem ?? (register.isError ? authErrorMessage(register.error) : null);
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Create an account">
      {message ? <ErrorNotice message={message} /> : null}
      <Field
        id="register-username"
        label="Username"
        autoComplete="username"
        required
        value={input.username}
        disabled={busy}
        onChange={(event) => set({ username: event.target.value })}
      />
      <Field
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={input.email}
        disabled={busy}
        onChange={(event) => set({ email: event.target.value })}
      />
      <PasswordField
        id="register-password"
        label="Password"
        autoComplete="new-password"
        required
        visible={visible}
        onToggle={() => setVisible((shown) => !shown)}
        controls="register-password register-verify-password"
        value={input.password}
        disabled={busy}
        onChange={(event) => set({ password: event.target.value })}
      />
      <PasswordField
        id="register-verify-password"
        label="Verify Password"
        autoComplete="new-password"
        required
        visible={visible}
        value={input.verifyPassword}
        disabled={busy}
        onChange={(event) => set({ verifyPassword: event.target.value })}
      />
      <CountryField
        id="register-country"
        value={{ country: input.country, countryCode: input.countryCode }}
        onChange={set}
        disabled={busy}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <button
          type="button"
          onClick={onSwitch}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Sign in
        </button>
      </p>
    </form>
  );
}
