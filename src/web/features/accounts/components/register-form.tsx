import { type FormEvent, useState } from 'react';
import { firstRegistrationProblem, type RegistrationInput } from '#shared/registration.ts';
import { Button } from '#web/components/ui/button.tsx';
import { NewPasswordFields } from '#web/components/ui/fields.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useRegister } from '#web/features/accounts/api/auth.ts';
import { authErrorField, authErrorMessage } from '#web/features/accounts/auth-errors.ts';
import { useFieldErrors } from '#web/lib/use-field-errors.ts';
import { EmailField, UsernameField } from './account-fields.tsx';
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
      {message ? <ErrorNotice id={form.bannerId} message={message} /> : null}
      <UsernameField
        {...form.control('username')}
        value={input.username}
        disabled={busy}
        onChange={(username) => set({ username })}
      />
      <EmailField
        {...form.control('email')}
        value={input.email}
        disabled={busy}
        onChange={(email) => set({ email })}
      />
      <NewPasswordFields
        labels={{ password: 'Password', verifyPassword: 'Verify Password' }}
        password={form.control('password')}
        verifyPassword={form.control('verifyPassword')}
        values={input}
        onChange={set}
        visible={visible}
        onToggle={() => setVisible((shown) => !shown)}
        disabled={busy}
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
