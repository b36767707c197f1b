import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { Button, buttonClass } from '#web/components/ui/button.tsx';
import { PasswordField } from '#web/components/ui/fields.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useLogin } from '#web/features/accounts/api/auth.ts';
import { providerStartUrl } from '#web/features/accounts/api/identity.ts';
import { useSignInMethods } from '#web/features/accounts/api/methods.ts';
import { authErrorField, authErrorMessage } from '#web/features/accounts/auth-errors.ts';
import { useFieldErrors } from '#web/lib/use-field-errors.ts';
import { EmailField } from './account-fields.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';

interface LoginFormProps {
  onDone: () => void;
  onSwitch: () => void;
  /** To "Forgot password?" or "Email me a sign-in link", with the email typed so far. */
  onMail: (kind: 'emailLink' | 'passwordReset', email: string) => void;
}

const FIELDS = ['email', 'password'] as const;

/** docs/product.md §2: the password form and every other way in this server offers (GET /api/auth/methods). */
export function LoginForm({ onDone, onSwitch, onMail }: LoginFormProps) {
  const login = useLogin();
  const methods = useSignInMethods();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
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
        <ErrorNotice id={form.bannerId} message={authErrorMessage(login.error)} />
      ) : null}
      <EmailField {...form.control('email')} value={email} disabled={busy} onChange={setEmail} />
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
      <p className="-mt-2 text-right text-sm">
        <button
          type="button"
          onClick={() => onMail('passwordReset', email)}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Forgot password?
        </button>
      </p>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Signing In...' : 'Sign In'}
      </Button>
      {methods.emailLink || methods.providers.length > 0 ? (
        <div className="space-y-2">
          <p className="text-center text-xs font-medium uppercase tracking-wide text-slate-500">or</p>
          {methods.emailLink ? (
            <Button
              variant="secondary"
              className="w-full"
              disabled={busy}
              onClick={() => onMail('emailLink', email)}
            >
              Email me a sign-in link
            </Button>
          ) : null}
          {methods.providers.map((provider) => (
            <a
              key={provider.id}
              // The provider's sign-in comes back to the page the sheet was opened on.
              href={providerStartUrl(provider.id, { returnTo })}
              className={buttonClass('secondary', 'w-full')}
            >
              Continue with {provider.name}
            </a>
          ))}
        </div>
      ) : null}
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
