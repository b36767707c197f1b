import { type FormEvent, useState } from 'react';
import { firstRegistrationProblem, type RegistrationInput } from '#shared/registration.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, PasswordField } from '#web/components/ui/fields.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useRegister } from '#web/features/accounts/api/auth.ts';
import { authErrorField, authErrorMessage } from '#web/features/accounts/auth-errors.ts';
import { useFieldErrors } from '#web/lib/use-field-errors.ts';
import { CountryField } from './country-field.tsx';

interface RegisterFormProps {
  onDone: () => void;
  onSwitch: () => void;
}

const FIELDS = ['username', 'email', 'password', 'verifyPassword', 'country'] as const;

const EMPTY: RegistrationInput = {
  username: '',
  email: '',
  password: '',
  verifyPassword: '',
  country: '',
  countryCode: '',
};

/** docs/product.md §5's rules run here first (the same function the server runs), so the first problem shows at once. */
export function RegisterForm({ onDone, onSwitch }: RegisterFormProps) {
  const register = useRegister();
  const [input, setInput] = useState(EMPTY);
  const form = useFieldErrors(FIELDS);
  const [visible, setVisible] = useState(false);
  const busy = register.isPending;
  const set = (patch: Partial<RegistrationInput>) => setInput((current) => ({ ...current, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    register.reset();
    const found = firstRegistrationProblem(input);
    if (found) {
      form.show({ [found.field]: found.message });
      return;
    }
    form.clear();
    register.mutate(input, {
      onSuccess: onDone,
      onError: (error) => {
        const field = authErrorField(error, FIELDS);
        if (field) form.show({ [field]: authErrorMessage(error) });
      },
    });
  }

  // Each problem shows as the banner above the form, which is also the message the field at fault points at.
  const invalid = form.firstInvalid;
  const message = invalid ? form.errors[invalid] : register.isError ? authErrorMessage(register.error) : null;
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Create an account">
      {message ? (
        <ErrorNotice id={invalid ? form.messageIdOf(invalid) : undefined} message={message} />
      ) : null}
      <Field
        {...form.control('username')}
        label="Username"
        autoComplete="username"
        required
        value={input.username}
        disabled={busy}
        onChange={(event) => set({ username: event.target.value })}
      />
      <Field
        {...form.control('email')}
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={input.email}
        disabled={busy}
        onChange={(event) => set({ email: event.target.value })}
      />
      <PasswordField
        {...form.control('password')}
        label="Password"
        autoComplete="new-password"
        required
        visible={visible}
        onToggle={() => setVisible((shown) => !shown)}
        controls={`${form.idOf('password')} ${form.idOf('verifyPassword')}`}
        value={input.password}
        disabled={busy}
        onChange={(event) => set({ password: event.target.value })}
      />
      <PasswordField
        {...form.control('verifyPassword')}
        label="Verify Password"
        autoComplete="new-password"
        required
        visible={visible}
        value={input.verifyPassword}
        disabled={busy}
        onChange={(event) => set({ verifyPassword: event.target.value })}
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
